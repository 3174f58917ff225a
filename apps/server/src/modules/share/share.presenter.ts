// A share as the API answers it (packages/contract schemas/share.ts): to its managers with what
// the caller may do with it, and to a link's visitor as the link's meta.
import { sharePathPrefix, type Share, type ShareMeta } from '@library/contract';
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

/**
 * What a link's visitor learns before reading: what it shares, whether a password is asked and
 * `unlocked`, and its flags (`aiOn`: AI answers allowed and the space's AI on).
 */
export function presentShareMeta(
  open: {
    share: ShareRow;
    space: { name: string };
    /** the shared topic or page (null: the whole space) */
    node: { id: string; name: string; type: string } | null;
  },
  unlocked: boolean,
  aiOn: boolean,
): ShareMeta {
  const { share, space, node } = open;
  return {
    targetType: share.targetType,
    title: node?.name ?? space.name,
    protected: share.passwordHash !== null,
    unlocked,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    showComments: share.showComments,
    allowDownload: share.allowDownload,
    allowAi: aiOn,
    pageId: node?.type === 'page' ? node.id : null,
  };
}
