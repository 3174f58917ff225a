import { describe, expect, it } from 'vitest';
import { recycleAbilities, teamRecycleAbilities } from './recycle.policy.js';

const me = 100001;
const other = 100002;

describe('recycleAbilities', () => {
  it('gives a deleted space to its owner only', () => {
    const space = { kind: 'space', deletedBy: me } as const;
    expect(recycleAbilities(me, space, 'owner')).toEqual({
      canSee: true,
      canRestore: true,
      canPurge: true,
    });
    expect(recycleAbilities(me, space, 'admin')).toEqual({
      canSee: false,
      canRestore: false,
      canPurge: false,
    });
  });

  it('lets the deleter restore while an editor, but never purge', () => {
    const page = { kind: 'page', deletedBy: me } as const;
    expect(recycleAbilities(me, page, 'editor')).toEqual({
      canSee: true,
      canRestore: true,
      canPurge: false,
    });
    expect(recycleAbilities(me, page, 'reader')).toEqual({
      canSee: true,
      canRestore: false,
      canPurge: false,
    });
    expect(recycleAbilities(me, page, null).canSee).toBe(false);
  });

  it("gives admins and owners everyone's deletions; editors and readers not others'", () => {
    const topic = { kind: 'topic', deletedBy: other } as const;
    for (const role of ['admin', 'owner'] as const) {
      expect(recycleAbilities(me, topic, role)).toEqual({
        canSee: true,
        canRestore: true,
        canPurge: true,
      });
    }
    for (const role of ['editor', 'reader', null] as const) {
      expect(recycleAbilities(me, topic, role).canSee).toBe(false);
    }
  });
});

describe('teamRecycleAbilities', () => {
  it('gives a deleted team to its owner; a manager above who deleted it only sees it', () => {
    expect(teamRecycleAbilities(me, { deletedBy: other }, me)).toEqual({
      canSee: true,
      canRestore: true,
      canPurge: true,
    });
    expect(teamRecycleAbilities(me, { deletedBy: me }, other)).toEqual({
      canSee: true,
      canRestore: false,
      canPurge: false,
    });
    // neither owner nor deleter; or the team is gone
    expect(teamRecycleAbilities(me, { deletedBy: other }, other).canSee).toBe(false);
    expect(teamRecycleAbilities(me, { deletedBy: other }, null).canSee).toBe(false);
  });
});
