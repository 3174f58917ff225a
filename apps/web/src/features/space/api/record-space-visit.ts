import type { RecordVisitRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/v1/history {targetType: 'space', targetId}`; silent, a lost visit is no error. */
export function recordSpaceVisit(spaceId: string) {
  const body: RecordVisitRequest = { targetType: 'space', targetId: spaceId };
  return api.post<unknown>('/v1/history', body, { silent: true });
}
