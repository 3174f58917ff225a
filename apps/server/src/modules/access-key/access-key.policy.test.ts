// The access-key matrix: a key's scope × the space a call names — `keyReaches`; then the key's
// user and someone else × every query of keys (list, revoke) with `ownKeysSql`, on a real
// database.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { keyReaches } from './access-key.policy.js';
import * as repo from './access-key.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('where a call reaches', () => {
  const key = { spaceIds: new Set(['a', 'b']) };
  const session = { spaceIds: null };
  // prettier-ignore
  it.each([
    ['a key',     key,     'a',       true ],
    ['a key',     key,     'b',       true ],
    ['a key',     key,     'c',       false],
    ['a key',     key,     undefined, false],
    ['no key',    session, 'a',       true ],
    ['no key',    session, 'c',       true ],
    ['no key',    session, undefined, true ],
    ['an empty key', { spaceIds: new Set<string>() }, 'a', false],
  ] as const)('%s, space %s: %s', (_label, reader, spaceId, reaches) => {
    expect(keyReaches(reader, spaceId)).toBe(reaches);
  });
});

describe('whose keys a query reaches', () => {
  it('lists and revokes the user’s own keys only', async () => {
    const holder = await buildUser(t.db);
    const other = await buildUser(t.db);
    const space = await buildSpace(t.db, holder.id);
    const key = await repo.insertKey(
      t.db,
      { userId: holder.id, name: 'k', tokenHash: crypto.randomUUID(), hint: 'lbk_abcd' },
      [space.id],
    );
    const listed = async (userId: number) =>
      (await repo.listKeys(t.db, userId)).some((row) => row.key.id === key.id);
    // prettier-ignore
    const cells = [
      ['someone else', other.id,  { list: false, revoke: false }],
      ['the holder',   holder.id, { list: true,  revoke: true  }],
    ] as const;
    for (const [label, userId, expected] of cells) {
      const reached = {
        list: await listed(userId),
        revoke: await repo.revokeKey(t.db, userId, key.id, new Date()),
      };
      expect(reached, label).toEqual(expected);
    }
  });
});
