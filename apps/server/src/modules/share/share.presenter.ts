// A share as the API answers it (packages/contract schemas/share.ts), with what the caller may
// do with it.
import { sharePathPrefix, type Share } from '@library/contract';
import { isExpired } from './share.policy.js';
import type { ShareRow } from './share.repo.js';

/**
 * `title`: the shared node's name (its last one when deleted) or the space's; `canManage`:
 * share.policy.ts's `mayManageShare` for the caller.
 */
export function presentShare(
  share: ShareRow,
  creator: { id: number; nickname: string },
  title: string,
  canManage: boolean,
  now: Date,
): Share {
  return {
    shareId: share.id,
    token: share.token,
    path: `${sharePathPrefix}${share.token}`,
    spaceId: share.spaceId,
    targetType: share.targetType,
    targetId: share.nodeId ?? share.spaceId,
    title,
    protected: share.passwordHash !== null,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    expired: isExpired(share, now),
    showComments: share.showComments,
    allowDownload: share.allowDownload,
    allowAi: share.allowAi,
    visitCount: share.visitCount,
    createdBy: { userId: String(creator.id), nickname: creator.nickname },
    createdAt: share.createdAt.toISOString(),
    canManage,
  };
}
