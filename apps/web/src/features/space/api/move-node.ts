import type { MovedNode, MoveNodeRequest } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `PUT /api/v2/space/node/{id}/move`: before/after a sibling, or inside a topic (null: root). */
export function moveNode(id: string, body: MoveNodeRequest) {
  return api.put<MovedNode>(`/v2/space/node/${encodeURIComponent(id)}/move`, body);
}
