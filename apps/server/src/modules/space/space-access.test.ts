// usersReachingPage answers for many people at once what accessPage answers for each: checked
// against it for every role, a page published or not, a space open to visitors or not, and a
// topic closed to visitors.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceNodes, spaces } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { buildPage, buildSpaceWithRoles, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { accessPage, usersReachingPage } from './space-access.js';
import type { SpaceAction } from './space.policy.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function oneByOne(pageId: string, userIds: number[], action: SpaceAction) {
  const reaching = new Set<number>();
  for (const userId of userIds) {
    try {
      await accessPage(t.db, userId, pageId, action);
      reaching.add(userId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return reaching;
}

const upper = crypto.randomUUID();
const lower = crypto.randomUUID();

describe('usersReachingPage', () => {
  it('answers as accessPage does for each person, whatever the page and the space', async () => {
    const w = await buildSpaceWithRoles(t.db);
    // editors through a team the editor group holds and through a team under it
    const viaTeam = await buildUser(t.db);
    const viaSubTeam = await buildUser(t.db);
    await t.db.execute(sql`insert into teams (id, parent_id, path, name, owner_id, position)
      values (${upper}, null, array[${upper}]::uuid[], '研发部', ${w.ids.owner}, 'a0'),
        (${lower}, ${upper}, array[${upper}, ${lower}]::uuid[], '前端组', ${w.ids.owner}, 'a0')`);
    await t.db.execute(sql`insert into team_members (team_id, user_id, role)
      values (${upper}, ${viaTeam.id}, 'member'), (${lower}, ${viaSubTeam.id}, 'member')`);
    await t.db.execute(sql`insert into space_members (member_group_id, member_type, member_id)
      select id, 'team', ${upper} from space_member_groups
      where space_id = ${w.space.id} and role = 'editor'`);
    const everyone = [...Object.values(w.ids), viaTeam.id, viaSubTeam.id];
    expect(
      await usersReachingPage(
        t.db,
        (await buildPage(t.db, w.space.id, w.ids.owner)).id,
        [viaSubTeam.id],
        'edit',
      ),
    ).toEqual(new Set([viaSubTeam.id]));
    const topic = await buildPage(t.db, w.space.id, w.ids.owner, { name: '专题' });
    await t.db.update(spaceNodes).set({ type: 'topic' }).where(eq(spaceNodes.id, topic.id));
    const loose = await buildPage(t.db, w.space.id, w.ids.owner);
    const underTopic = await buildPage(t.db, w.space.id, w.ids.owner, { parentId: topic.id });
    for (const open of [false, true]) {
      await t.db.update(spaces).set({ openToVisitors: open }).where(eq(spaces.id, w.space.id));
      for (const closed of [false, true]) {
        await t.db
          .update(spaceNodes)
          .set({ visitorsClosed: closed })
          .where(eq(spaceNodes.id, topic.id));
        for (const published of [null, 1]) {
          await t.db
            .update(spaceNodes)
            .set({ publishedVersion: published })
            .where(eq(spaceNodes.spaceId, w.space.id));
          for (const page of [loose, underTopic]) {
            for (const action of ['read', 'edit'] as const) {
              const label = `open ${open}, closed ${closed}, published ${published}, ${action}`;
              expect(await usersReachingPage(t.db, page.id, everyone, action), label).toEqual(
                await oneByOne(page.id, everyone, action),
              );
            }
          }
        }
      }
    }
  });
});
