// The history matrix: the visitor and someone else in the same space × every query of visits
// (list, remove one, clear), each through its repository function with `ownVisitsSql`, on a real
// database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../db/schema/index.js';
import { addMember, buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import * as repo from './history.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Caller = 'visitor' | 'someone else';
type Action = 'list' | 'remove' | 'clear';

// prettier-ignore
const matrix: Record<Caller, Record<Action, boolean>> = {
  'visitor':      { list: true,  remove: true,  clear: true  },
  'someone else': { list: false, remove: false, clear: false },
};

describe('whose visits a query reaches', () => {
  it('answers every cell as the rule says', async () => {
    const visitor = await buildUser(t.db);
    const other = await buildUser(t.db);
    const space = await buildSpace(t.db, visitor.id);
    // someone else reads the same space: only ownership keeps them out
    await addMember(t.db, space.id, other.id, 'reader');
    const ids: Record<Caller, number> = { visitor: visitor.id, 'someone else': other.id };
    const visit = () =>
      repo.upsertVisit(t.db, {
        userId: visitor.id,
        targetType: 'space',
        targetId: space.id,
        spaceId: space.id,
        visitedAt: new Date(),
      });
    const left = async () =>
      (await t.db.select().from(visits).where(eq(visits.userId, visitor.id))).length > 0;
    const answers: string[] = [];
    const rule: string[] = [];
    for (const caller of ['someone else', 'visitor'] as const) {
      const userId = ids[caller];
      await visit();
      const listed = await repo.listLiveVisits(t.db, userId, [space.id], { page: 0, pageSize: 50 });
      const removed = await repo.deleteVisit(t.db, userId, 'space', space.id);
      await visit();
      await repo.clearVisits(t.db, userId);
      const reached: Record<Action, boolean> = {
        list: listed.rows.some((row) => row.targetId === space.id),
        remove: removed,
        clear: !(await left()),
      };
      for (const action of Object.keys(matrix[caller]) as Action[]) {
        answers.push(`${caller} ${action}: ${reached[action]}`);
        rule.push(`${caller} ${action}: ${matrix[caller][action]}`);
      }
    }
    expect(answers).toEqual(rule);
  });
});
