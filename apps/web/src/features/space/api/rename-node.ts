import type { TreeNode } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * Renames a node: `PUT /api/v2/space/topic/{id}` | `page/{id}` | `link/{id}` (a link may also
 * change its url).
 */
export function renameNode(type: TreeNode['type'], id: string, name: string, url?: string) {
  const body = type === 'link' && url !== undefined ? { name, url } : { name };
  return api.put<unknown>(`/v2/space/${type}/${encodeURIComponent(id)}`, body);
}
