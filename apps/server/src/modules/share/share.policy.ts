// Who may do what with a space's shares, and what a share's link shows. Sharing is
// space.policy.ts's `mayShare` (admins and the owner; editors when the space allows). A share is
// changed and revoked by the space's admins and by its creator while they may still share; the
// space's list shows admins every share and anyone else their own. A link speaks for its creator:
// it works until it expires and while they may share there, and shows comments, downloads and AI
// answers only as its flags say.
//
// Which shares the list shows, in two shapes that must agree (share.policy.test.ts checks both on
// a real database): `shareListed` on a loaded share, `listedSharesSql` for the list's query.
import { eq, type SQL } from 'drizzle-orm';
import type { SpaceAccessRole } from '@library/contract';
import { shares } from '../../db/schema/index.js';
import { can, mayShare } from '../space/index.js';

interface ShareOwner {
  createdBy: number;
}

/** Whether the caller changes or revokes the share. */
export const mayManageShare = (
  role: SpaceAccessRole | null,
  editorsMayShare: boolean,
  userId: number,
  share: ShareOwner,
) => can(role, 'manage') || (share.createdBy === userId && mayShare(role, editorsMayShare));

/** Whether the caller sets the space's sharing switches (editors may share). */
export const mayChangeShareSettings = (role: SpaceAccessRole | null) => can(role, 'manage');

/** Whether the space's list of shares shows the caller this share. */
export const shareListed = (role: SpaceAccessRole | null, userId: number, share: ShareOwner) =>
  can(role, 'manage') || share.createdBy === userId;

/** `shareListed` as a condition on `shares` (undefined: every share of the space). */
export const listedSharesSql = (role: SpaceAccessRole | null, userId: number): SQL | undefined =>
  can(role, 'manage') ? undefined : eq(shares.createdBy, userId);

/** Whether a share's link has stopped working by its expiry. */
export const isExpired = (share: { expiresAt: Date | null }, now = new Date()) =>
  share.expiresAt !== null && share.expiresAt.getTime() <= now.getTime();

/** Whether the link still speaks for its creator: they may share in its space. */
export const creatorStillShares = (creatorRole: SpaceAccessRole | null, editorsMayShare: boolean) =>
  mayShare(creatorRole, editorsMayShare);

/** What a link shows beyond the shared pages, each by its flag. */
export type LinkPart = 'comments' | 'downloads' | 'ai';

export const linkShows = (
  share: { showComments: boolean; allowDownload: boolean; allowAi: boolean },
  part: LinkPart,
) =>
  part === 'comments'
    ? share.showComments
    : part === 'downloads'
      ? share.allowDownload
      : share.allowAi;
