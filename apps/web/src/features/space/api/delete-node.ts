import type { DeletedNodes, TreeNode } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `DELETE /api/v2/space/{topic|page|link}/{id}` → the recycle bin item and every deleted id. */
export function deleteNode(type: TreeNode['type'], id: string) {
  return api.delete<DeletedNodes>(`/v2/space/${type}/${encodeURIComponent(id)}`);
}
