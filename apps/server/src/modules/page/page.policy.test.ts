// The page matrix: for each space role and the space's editors-may-share switch, what the role
// may do with a page; then for each role, whether the comment is one's own and whether it is
// deleted, what the caller may do with a comment.
import { describe, expect, it } from 'vitest';
import type { SpaceAccessRole } from '@library/contract';
import { commentAbilities, mayComment, pageAbilities } from './page.policy.js';

type PageCell = [
  role: SpaceAccessRole,
  editorsMayShare: boolean,
  abilities: ReturnType<typeof pageAbilities>,
];

const page = (
  canEdit: boolean,
  canComment: boolean,
  canManageComments: boolean,
  canShare: boolean,
) => ({ canEdit, canPublish: canEdit, canComment, canManageComments, canShare });

// prettier-ignore
const pages: PageCell[] = [
  //                       edit+publish comment manage comments share
  ['owner',   true,  page(true,  true,  true,  true )],
  ['owner',   false, page(true,  true,  true,  true )],
  ['admin',   true,  page(true,  true,  true,  true )],
  ['admin',   false, page(true,  true,  true,  true )],
  // the switch decides an editor's sharing only
  ['editor',  true,  page(true,  true,  false, true )],
  ['editor',  false, page(true,  true,  false, false)],
  ['reader',  true,  page(false, true,  false, false)],
  ['reader',  false, page(false, true,  false, false)],
  // visitors read an open space's comments but take no part in them
  ['visitor', true,  page(false, false, false, false)],
  ['visitor', false, page(false, false, false, false)],
];

describe('what a role may do with a page', () => {
  it.each(pages)('%s, editors may share %s', (role, editorsMayShare, abilities) => {
    expect(pageAbilities(role, editorsMayShare)).toEqual(abilities);
    expect(mayComment(role)).toBe(abilities.canComment);
  });
});

const me = 1;
const someoneElse = 2;

type CommentCell = [
  role: SpaceAccessRole,
  own: boolean,
  deleted: boolean,
  edit: boolean,
  del: boolean,
];

// prettier-ignore
const comments: CommentCell[] = [
  // role      own    deleted edit   delete
  ['owner',   true,  false, true,  true ],
  ['owner',   false, false, false, true ],
  ['owner',   true,  true,  false, false],
  ['owner',   false, true,  false, false],
  ['admin',   true,  false, true,  true ],
  ['admin',   false, false, false, true ],
  ['admin',   false, true,  false, false],
  // below admin only the author touches a comment
  ['editor',  true,  false, true,  true ],
  ['editor',  false, false, false, false],
  ['editor',  true,  true,  false, false],
  ['reader',  true,  false, true,  true ],
  ['reader',  false, false, false, false],
  ['reader',  true,  true,  false, false],
  ['visitor', false, false, false, false],
];

describe('what a role may do with a comment', () => {
  it.each(comments)('%s, own %s, deleted %s: edit %s, delete %s', (...cell) => {
    const [role, own, deleted, edit, del] = cell;
    const comment = { createdBy: own ? me : someoneElse, deletedAt: deleted ? new Date() : null };
    expect(commentAbilities(role, me, comment)).toEqual({ canEdit: edit, canDelete: del });
  });

  it('gives an anonymous visitor nothing, even on a comment by no one', () => {
    const comment = { createdBy: someoneElse, deletedAt: null };
    expect(commentAbilities('visitor', null, comment)).toEqual({
      canEdit: false,
      canDelete: false,
    });
  });
});
