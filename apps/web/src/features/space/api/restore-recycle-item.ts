import { api } from '../../../lib/api-client';

/** `POST /api/v1/recycle/{id}/restore`: the 'undo' of a tree delete. */
export function restoreRecycleItem(recycleItemId: string) {
  return api.post<unknown>(`/v1/recycle/${encodeURIComponent(recycleItemId)}/restore`);
}
