// Who may do what in a space. A member's role is the highest role of the member groups that
// hold the user (teams join with the address book). Anyone else reading a space open to
// visitors is a visitor. Forbidden looks exactly like missing.
import type { SpaceAccessRole, SpaceRole } from '@library/contract';

const rank: Record<SpaceAccessRole, number> = {
  visitor: 0,
  reader: 1,
  editor: 2,
  admin: 3,
  owner: 4,
};

export type SpaceAction =
  /** see the space, its tree, published pages, their comments and files (visitors too) */
  | 'read'
  /** members only: comment, see the member groups, keep the space in one's own groups */
  | 'participate'
  /** see drafts; create, edit, move and delete content; publish versions */
  | 'edit'
  /** settings, member groups, anyone's comments, the space's recycle bin */
  | 'manage'
  /** delete the space */
  | 'delete';

const minimum: Record<SpaceAction, SpaceAccessRole> = {
  read: 'visitor',
  participate: 'reader',
  edit: 'editor',
  manage: 'admin',
  delete: 'owner',
};

export function can(role: SpaceAccessRole | null | undefined, action: SpaceAction): boolean {
  return role ? rank[role] >= rank[minimum[action]] : false;
}

export function highestRole<Role extends SpaceAccessRole>(roles: Iterable<Role>): Role | null {
  let best: Role | null = null;
  for (const role of roles) if (!best || rank[role] > rank[best]) best = role;
  return best;
}

/** Whether a role may share in a space: admins and the owner, editors when the space allows. */
export function mayShare(role: SpaceAccessRole | null, editorsMayShare: boolean) {
  return can(role, 'manage') || (editorsMayShare && can(role, 'edit'));
}

/** Whether the space's editors-may-share switch decides the role's sharing (an editor, no admin). */
export function shareSwitchDecides(role: SpaceAccessRole | null) {
  return can(role, 'edit') && !can(role, 'manage');
}

/**
 * Whether a role manages a member group (rename, delete, add and remove members): admins manage
 * the groups, but the owner group only owners — an admin never makes or unmakes an owner.
 */
export function mayManageGroup(role: SpaceAccessRole | null, group: { role: SpaceRole }) {
  return can(role, 'manage') && (group.role !== 'owner' || role === 'owner');
}

/** What the caller may do with a space, sent with the space so the web never re-derives it. */
export function spaceAbilities(role: SpaceAccessRole | null, editorsMayShare: boolean) {
  return {
    canRead: can(role, 'read'),
    canEdit: can(role, 'edit'),
    canManage: can(role, 'manage'),
    canDelete: can(role, 'delete'),
    canShare: mayShare(role, editorsMayShare),
  };
}
