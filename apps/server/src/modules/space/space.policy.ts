// Who may do what in a space. A user's role is the highest role of the member groups that
// hold the user (teams join with the address book). Forbidden looks exactly like missing.
import type { SpaceRole } from '@library/contract';

const rank: Record<SpaceRole, number> = { reader: 1, editor: 2, admin: 3, owner: 4 };

export type SpaceAction =
  /** see the space, its tree, published pages and comments */
  | 'read'
  /** see drafts; create, edit, move and delete content; publish versions */
  | 'edit'
  /** settings, member groups, anyone's comments, the space's recycle bin */
  | 'manage'
  /** delete the space */
  | 'delete';

const minimum: Record<SpaceAction, SpaceRole> = {
  read: 'reader',
  edit: 'editor',
  manage: 'admin',
  delete: 'owner',
};

export function can(role: SpaceRole | null | undefined, action: SpaceAction): boolean {
  return role ? rank[role] >= rank[minimum[action]] : false;
}

export function highestRole(roles: Iterable<SpaceRole>): SpaceRole | null {
  let best: SpaceRole | null = null;
  for (const role of roles) if (!best || rank[role] > rank[best]) best = role;
  return best;
}

/** What the caller may do with a space, sent with the space so the web never re-derives it. */
export function spaceAbilities(role: SpaceRole | null) {
  return {
    canRead: can(role, 'read'),
    canEdit: can(role, 'edit'),
    canManage: can(role, 'manage'),
    canDelete: can(role, 'delete'),
  };
}
