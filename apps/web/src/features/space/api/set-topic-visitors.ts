import type { TopicDetail } from '@library/contract';
import { api } from '../../../lib/api-client';

/** Closes a topic (and its subtree) to visitors or opens it: `PUT /api/v2/space/topic/{id}/visitors`. */
export function setTopicVisitors(topicId: string, visitorsClosed: boolean) {
  return api.put<TopicDetail>(`/v2/space/topic/${encodeURIComponent(topicId)}/visitors`, {
    visitorsClosed,
  });
}
