import type { BlockChange, PageRevision } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `PUT /api/v2/space/page/{id}/block`: the changed top-level blocks against `baseRevision`.
 * Silent: the save state shows failures, and a 409 (100006) opens the conflict panel.
 */
export function savePageBlocks(
  pageId: string,
  baseRevision: number,
  changes: BlockChange[],
): Promise<PageRevision> {
  return api.put<PageRevision>(
    `/v2/space/page/${encodeURIComponent(pageId)}/block`,
    { baseRevision, changes },
    { silent: true, timeoutMs: 20_000 },
  );
}
