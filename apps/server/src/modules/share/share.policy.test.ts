// The share matrix: for each space role, whether the share is one's own and the space's
// editors-may-share switch, whether the caller manages the share and sees it in the space's list
// — the list answered by `shareListed` and, on a real database, by `listedSharesSql`; then when
// a link speaks for its creator and what its flags show.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpaceAccessRole } from '@library/contract';
import { buildSpaceWithRoles, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  creatorStillShares,
  isExpired,
  linkShows,
  listedSharesSql,
  mayChangeShareSettings,
  mayManageShare,
  shareListed,
} from './share.policy.js';
import { insertShare, listShares } from './share.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = 1;
const someoneElse = 2;

type Cell = [
  role: SpaceAccessRole | null,
  own: boolean,
  editorsMayShare: boolean,
  manage: boolean,
  listed: boolean,
];

// prettier-ignore
const matrix: Cell[] = [
  // role      own    switch  manage listed
  ['owner',   true,  true,  true,  true ],
  ['owner',   true,  false, true,  true ],
  ['owner',   false, true,  true,  true ],
  ['owner',   false, false, true,  true ],
  ['admin',   true,  true,  true,  true ],
  ['admin',   true,  false, true,  true ],
  ['admin',   false, true,  true,  true ],
  ['admin',   false, false, true,  true ],
  // an editor manages their own share while the space lets editors share; lists it always
  ['editor',  true,  true,  true,  true ],
  ['editor',  true,  false, false, true ],
  ['editor',  false, true,  false, false],
  ['editor',  false, false, false, false],
  // a reader (say, an editor made reader) still sees their own share, managing none
  ['reader',  true,  true,  false, true ],
  ['reader',  true,  false, false, true ],
  ['reader',  false, true,  false, false],
  ['reader',  false, false, false, false],
  ['visitor', true,  true,  false, true ],
  ['visitor', false, true,  false, false],
  [null,      true,  true,  false, true ],
  [null,      false, false, false, false],
];

describe('who manages a share and sees it listed', () => {
  it.each(matrix)('role %s, own %s, editors may share %s: manage %s, listed %s', (...cell) => {
    const [role, own, editorsMayShare, manage, listed] = cell;
    const share = { createdBy: own ? me : someoneElse };
    expect(mayManageShare(role, editorsMayShare, me, share)).toBe(manage);
    expect(shareListed(role, me, share)).toBe(listed);
  });

  it.each([
    ['owner', true],
    ['admin', true],
    ['editor', false],
    ['reader', false],
    ['visitor', false],
    [null, false],
  ] as const)('the sharing switches: role %s sets them %s', (role, allowed) => {
    expect(mayChangeShareSettings(role)).toBe(allowed);
  });

  it('listedSharesSql lists the shares shareListed keeps, for every member', async () => {
    const { space, ids } = await buildSpaceWithRoles(t.db);
    const members = [
      ['owner', ids.owner],
      ['admin', ids.admin],
      ['editor', ids.editor],
      ['reader', ids.reader],
    ] as const;
    const created = [];
    for (const [, userId] of members) {
      created.push(
        await insertShare(t.db, {
          token: crypto.randomBytes(16).toString('base64url'),
          spaceId: space.id,
          targetType: 'space',
          createdBy: userId,
        }),
      );
    }
    const outsider = await buildUser(t.db);
    const callers = [...members, [null, outsider.id] as const];
    for (const [role, userId] of callers) {
      const listed = (await listShares(t.db, space.id, listedSharesSql(role, userId)))
        .map((row) => row.share.id)
        .sort();
      const rule = created
        .filter((share) => shareListed(role, userId, share))
        .map((share) => share.id)
        .sort();
      expect(listed, `role ${role ?? 'none'}`).toEqual(rule);
    }
  });
});

describe('a link', () => {
  it.each([
    ['owner', false, true],
    ['admin', false, true],
    ['editor', true, true],
    ['editor', false, false],
    ['reader', true, false],
    ['visitor', true, false],
    [null, true, false],
  ] as const)('speaks for a creator now %s (editors may share %s): %s', (role, sw, works) => {
    expect(creatorStillShares(role, sw)).toBe(works);
  });

  it('stops working at its expiry, never without one', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(isExpired({ expiresAt: null }, now)).toBe(false);
    expect(isExpired({ expiresAt: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(isExpired({ expiresAt: now }, now)).toBe(true);
  });

  const flags = [false, true];
  const cells = flags.flatMap((showComments) =>
    flags.flatMap((allowDownload) =>
      flags.map((allowAi) => ({ showComments, allowDownload, allowAi })),
    ),
  );
  it.each(cells)('comments $showComments, downloads $allowDownload, AI $allowAi', (share) => {
    expect(linkShows(share, 'comments')).toBe(share.showComments);
    expect(linkShows(share, 'downloads')).toBe(share.allowDownload);
    expect(linkShows(share, 'ai')).toBe(share.allowAi);
  });
});
