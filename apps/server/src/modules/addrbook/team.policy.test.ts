// The team manager matrix: for each role a user holds (owner, admin, member, none) in a team and
// in the team above it, whether they manage the team — answered by `managesTeam` and, on a real
// database with the same memberships, by `managedTeamIdsSql`; then the member rules.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRole } from '@library/contract';
import { queryRows } from '../../db/database.js';
import { teams } from '../../db/schema/index.js';
import { positionBetween } from '../../lib/position.js';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  isTeamCreator,
  managedTeamIdsSql,
  managesTeam,
  mayAddMember,
  mayAnswerInvitation,
  mayInvite,
  mayRemoveMember,
} from './team.policy.js';
import { insertMember, insertTeam } from './team.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roles = ['owner', 'admin', 'member', null] as const;
type Held = (typeof roles)[number];
const name = (role: Held) => role ?? 'none';

/** The rule, written out: an owner or admin of the team or of the team above manages it. */
const expected = (inParent: Held, inTeam: Held) =>
  [inParent, inTeam].some((role) => role === 'owner' || role === 'admin');

const matrix = roles.flatMap((inParent) => roles.map((inTeam) => ({ inParent, inTeam })));

describe('who manages a team', () => {
  it.each(matrix)('parent $inParent, team $inTeam: managesTeam answers the rule', (cell) => {
    expect(managesTeam([cell.inParent, cell.inTeam])).toBe(expected(cell.inParent, cell.inTeam));
  });

  it('managedTeamIdsSql answers as managesTeam for every cell, sub-teams included', async () => {
    // per cell a tree parent → team → sub-team (no role held there), and a deleted sub-team
    const answers: string[] = [];
    const rule: string[] = [];
    for (const { inParent, inTeam } of matrix) {
      const creator = await buildUser(t.db);
      const user = await buildUser(t.db);
      const tree = { parent: crypto.randomUUID(), team: crypto.randomUUID() };
      const sub = crypto.randomUUID();
      const deleted = crypto.randomUUID();
      const paths = {
        parent: [tree.parent],
        team: [tree.parent, tree.team],
        sub: [tree.parent, tree.team, sub],
        deleted: [tree.parent, tree.team, deleted],
      };
      for (const [label, path] of Object.entries(paths)) {
        await insertTeam(t.db, {
          id: path.at(-1)!,
          parentId: path.at(-2) ?? null,
          path,
          name: label,
          ownerId: creator.id,
          position: positionBetween(null, null),
        });
        await insertMember(t.db, { teamId: path.at(-1)!, userId: creator.id, role: 'owner' });
      }
      await t.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, deleted));
      const held = new Map<string, TeamRole>();
      if (inParent) held.set(tree.parent, inParent);
      if (inTeam) held.set(tree.team, inTeam);
      for (const [teamId, role] of held)
        await insertMember(t.db, { teamId, userId: user.id, role });

      const managed = new Set(
        (await queryRows<{ id: string }>(t.db, managedTeamIdsSql(user.id))).map((row) => row.id),
      );
      const cell = `parent ${name(inParent)}, team ${name(inTeam)}`;
      for (const label of ['parent', 'team', 'sub'] as const) {
        const ts = managesTeam(paths[label].map((id) => held.get(id)));
        answers.push(`${cell}: ${label} ${managed.has(paths[label].at(-1)!)}`);
        rule.push(`${cell}: ${label} ${ts}`);
      }
      expect(managed.has(deleted), `${cell}: a deleted team is managed by nobody`).toBe(false);
      expect(managesTeam(paths.team.map((id) => held.get(id)))).toBe(expected(inParent, inTeam));
    }
    expect(answers).toEqual(rule);
  });
});

describe('members', () => {
  const team = { ownerId: 1 };

  it('keeps the creator: never removed, whoever asks', () => {
    expect(isTeamCreator(team, 1)).toBe(true);
    expect(isTeamCreator(team, 2)).toBe(false);
  });

  it('lets a member leave, and only a manager remove someone else', () => {
    expect(mayRemoveMember({ userId: 2, manages: false }, 2)).toBe(true);
    expect(mayRemoveMember({ userId: 2, manages: false }, 3)).toBe(false);
    expect(mayRemoveMember({ userId: 2, manages: true }, 3)).toBe(true);
  });

  it('adds friends or the manager themselves, and invites friends only', () => {
    expect(mayAddMember(2, 3, true)).toBe(true);
    expect(mayAddMember(2, 3, false)).toBe(false);
    expect(mayAddMember(2, 2, false)).toBe(true);
    expect(mayInvite(2, 3, true)).toBe(true);
    expect(mayInvite(2, 3, false)).toBe(false);
    expect(mayInvite(2, 2, false)).toBe(false);
  });

  it('lets only the invitee answer an invitation', () => {
    expect(mayAnswerInvitation(3, { toUserId: 3 })).toBe(true);
    expect(mayAnswerInvitation(2, { toUserId: 3 })).toBe(false);
  });
});
