// Purging a space with a large AI index (`DELETE /api/v1/recycle/:id` of a space item): four
// spaces built alike — BENCH_PURGE_ARTICLES (128) CMRC articles loaded as published pages
// through the API and indexed by the real jobs (AI index and search index), the AI chunks then
// copied within each space up to BENCH_PURGE_CHUNKS (4,000; copyIndexedChunks, test/cmrc.ts) —
// moved to the recycle bin and purged in the order cascade, route, route, cascade: "cascade" as the
// foreign keys alone do it (one `delete from spaces` in a transaction, what the purge was before
// the set-based removal of ai-index.repo.ts deleteSpaceIndex and search.index.ts
// deleteSpaceFromSearch: the baseline), "route" through the route. A fifth space, left alone,
// must keep its ai_terms. EXPLAIN ANALYZE of the baseline's delete prints its slower triggers
// (the cascades and ai_terms' upkeep): calls and time of each.
//   npx tsx --conditions=@library/source apps/server/bench/purge.bench.ts
// PGlite by default; BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (a throwaway database).
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/database.js';
import { recycleItems, spaces } from '../src/db/schema/index.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { spaceIndexRows } from '../test/space-index.js';
import { openBenchApp } from './bench-app.js';
import { benchCaller, copyIndexedChunks, drainAll, loadArticles, loadCmrc } from '../test/cmrc.js';
import { loadAverage, out } from './report.js';

const articleCount = Number(process.env.BENCH_PURGE_ARTICLES ?? 128);
const targetChunks = Number(process.env.BENCH_PURGE_CHUNKS ?? 4_000);

/** Moves the space to the recycle bin as deleteSpace (space.service.ts) does; answers the item. */
async function trash(db: Database, spaceId: string, userId: number) {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [space] = await tx
      .update(spaces)
      .set({ deletedAt: now, deletedBy: userId })
      .where(sql`${spaces.id} = ${spaceId}`)
      .returning();
    const [item] = await tx
      .insert(recycleItems)
      .values({
        kind: 'space',
        targetId: spaceId,
        spaceId,
        name: space!.name,
        deletedBy: userId,
        deletedAt: now,
      })
      .returning();
    return item!;
  });
}

async function main() {
  const { database, db, app, close } = await openBenchApp('library-purge-bench-');
  try {
    const { user, headers, call } = await benchCaller(app, db, '136');
    out(`database: ${database.kind}; load average ${loadAverage()}`);
    const articles = loadCmrc().slice(0, articleCount);
    // purged in the order cascade, route, route, cascade: neither way gains by going first
    const order = ['cascade', 'route', 'route', 'cascade'] as const;
    const built: string[] = [];
    for (const name of [...order, 'kept']) {
      const space = await createSpace(db, user.id, { name });
      await loadArticles(call, headers, space.id, articles);
      await drainAll(app.jobs);
      if (name !== 'kept') await copyIndexedChunks(db, space.id, space.id, targetChunks, () => {});
      built.push(space.id);
      out(`${name}: ${JSON.stringify(await spaceIndexRows(db, space.id))}`);
    }
    const kept = built[order.length]!;
    const keptTerms = () =>
      queryRows<{ term: string; df: number }>(
        db,
        sql`select term, df from ai_terms where space_id = ${kept} order by term`,
      );
    const keptBefore = await keptTerms();

    const times = { cascade: [] as number[], route: [] as number[] };
    for (const [index, way] of order.entries()) {
      const spaceId = built[index]!;
      const item = await trash(db, spaceId, user.id);
      const load = loadAverage();
      let plan: { 'QUERY PLAN': string }[] = [];
      const started = performance.now();
      if (way === 'cascade') {
        // what recycle.repo's destroySpace did alone: the space row's delete, the rest by cascade
        await db.transaction(async (tx) => {
          await tx.delete(recycleItems).where(sql`${recycleItems.id} = ${item.id}`);
          // EXPLAIN ANALYZE of the top statement (one row): the cascades show as its triggers
          plan = await queryRows<{ 'QUERY PLAN': string }>(
            tx,
            sql`explain (analyze, costs off) delete from spaces where id = ${spaceId}`,
          );
        });
      } else {
        const res = await call('DELETE', `/api/v1/recycle/${item.id}`, headers);
        if (res.status !== 200)
          throw new Error(`purge → ${res.status} ${JSON.stringify(res.body)}`);
      }
      const ms = performance.now() - started;
      times[way].push(ms);
      out(`purge ${index + 1} (${way}): ${(ms / 1000).toFixed(2)} s (load average before ${load})`);
      for (const line of plan) {
        const text = line['QUERY PLAN'];
        if (text.startsWith('Trigger') && Number(/time=([\d.]+)/.exec(text)?.[1]) >= 10) {
          out(`  ${text}`);
        }
      }
      const left = await spaceIndexRows(db, spaceId);
      if (Object.values(left).some((n) => n !== 0)) {
        throw new Error(`${way}: index rows left ${JSON.stringify(left)}`);
      }
    }
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    out(
      `cascade ${(sum(times.cascade) / 2000).toFixed(2)} s, route ${(sum(times.route) / 2000).toFixed(2)} s ` +
        `(means): ${(sum(times.cascade) / sum(times.route)).toFixed(1)}× (load average ${loadAverage()})`,
    );
    const keptAfter = await keptTerms();
    if (JSON.stringify(keptAfter) !== JSON.stringify(keptBefore)) {
      throw new Error("the kept space's ai_terms changed");
    }
    out("the kept space's ai_terms unchanged");
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
