// What a space role may do with a page and its comments, sent with each item as `abilities`.
import type { SpaceAccessRole } from '@library/contract';
import { can, mayShare } from '../space/index.js';

/** Members comment; visitors read an open space's comments but take no part in them. */
export const mayComment = (role: SpaceAccessRole) => can(role, 'participate');

/** `editorsMayShare`: the space's switch, read only when it decides (`shareSwitchDecides`). */
export function pageAbilities(role: SpaceAccessRole, editorsMayShare: boolean) {
  return {
    canEdit: can(role, 'edit'),
    canPublish: can(role, 'edit'),
    canComment: mayComment(role),
    canManageComments: can(role, 'manage'),
    canShare: mayShare(role, editorsMayShare),
  };
}

/** Authors edit their own live comments; authors and space admins delete them. */
export function commentAbilities(
  role: SpaceAccessRole,
  userId: number | null,
  comment: { createdBy: number; deletedAt: Date | null },
) {
  const live = comment.deletedAt === null;
  const own = comment.createdBy === userId;
  return {
    canEdit: live && own,
    canDelete: live && (own || can(role, 'manage')),
  };
}
