import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recycleItems, spaceNodes } from '../../db/schema/index.js';
import { buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scheduleRecyclePurge } from './recycle.schedule.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('scheduleRecyclePurge', () => {
  it('purges once at start-up, and stop() waits for that run', async () => {
    const user = await buildUser(t.db);
    const space = await buildSpace(t.db, user.id);
    const deletedAt = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    const [page] = await t.db
      .insert(spaceNodes)
      .values({ spaceId: space.id, type: 'page', name: '过期', position: 'a0', createdBy: user.id })
      .returning();
    const [item] = await t.db
      .insert(recycleItems)
      .values({
        kind: 'page',
        targetId: page!.id,
        spaceId: space.id,
        name: '过期',
        deletedBy: user.id,
        deletedAt,
      })
      .returning();
    await t.db
      .update(spaceNodes)
      .set({ deletedAt, deletedBy: user.id, recycleItemId: item!.id })
      .where(eq(spaceNodes.id, page!.id));

    const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const schedule = scheduleRecyclePurge(t.db, log);
    await schedule.stop();
    expect(await t.db.select().from(recycleItems).where(eq(recycleItems.id, item!.id))).toEqual([]);
    expect(await t.db.select().from(spaceNodes).where(eq(spaceNodes.id, page!.id))).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });
});
