// Times GET /api/v2/space/{id}/tree on a space of 10,000 nodes (topics 5 deep, pages, links)
// against the raw SQL select of the same rows, in the same run: served from the
// tree cache (unchanged tree) and right after a rename (the tree read and built again).
//   npx tsx --conditions=@library/source apps/server/bench/tree.bench.ts
// PGlite in memory by default; BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (migrates
// that database and removes the bench's spaces afterwards). BENCH_RUNS (30) timed runs after 5
// warm-up runs; BENCH_NEIGHBOURS (4) other spaces of the same size share the table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPostgres, wrapPglite } from '../src/db/database.js';
import { spaceNodes, spaces } from '../src/db/schema/index.js';
import { generateTree, insertNodes } from './seed.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { out, timeRuns } from './report.js';

const nodeCount = 10_000;
const neighbours = Number(process.env.BENCH_NEIGHBOURS ?? 4);
const runs = Number(process.env.BENCH_RUNS ?? 30);

const time = (fn: () => Promise<unknown>) => timeRuns(fn, runs);

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = url ? connectPostgres(url, 4) : wrapPglite(await PGlite.create());
  await database.migrate();
  const db = database.db;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const spaceIds: string[] = [];
  try {
    const user = await createUser(db, {
      nickname: '基准测试',
      email: `bench-${Date.now()}@example.com`,
    });
    const { token } = await issueToken(
      db,
      user.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    // Other spaces of the same size, so the select has to find its space through the index.
    const loadStarted = performance.now();
    const space = await createSpace(db, user.id, { name: '基准空间' });
    spaceIds.push(space.id);
    await insertNodes(db, generateTree(space.id, user.id, nodeCount));
    for (let i = 0; i < neighbours; i++) {
      const neighbour = await createSpace(db, user.id, { name: `邻居空间 ${i + 1}` });
      spaceIds.push(neighbour.id);
      await insertNodes(db, generateTree(neighbour.id, user.id, nodeCount));
    }
    await db.execute(sql`analyze space_nodes`);
    out(`database: ${database.kind}; ${spaceIds.length} spaces of ${nodeCount} nodes`);
    out(`loaded in ${(performance.now() - loadStarted).toFixed(0)} ms`);

    // The same rows as plain result rows, and as the one aggregated JSON row the API reads.
    const rawSelect = sql`select id, parent_id, type, name, avatar, url from space_nodes
      where space_id = ${space.id} and deleted_at is null order by position collate "C", id`;
    const rawAggregate = sql`select json_agg(json_build_array(id, parent_id, type, name, avatar,
      url) order by position collate "C", id)::text from space_nodes
      where space_id = ${space.id} and deleted_at is null`;
    const plan = (await db.execute(sql`explain ${rawSelect}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    out('plan:');
    for (const line of plan.rows) out(`  ${Object.values(line)[0]}`);

    const inject = () =>
      app.inject({
        method: 'GET',
        url: `/api/v2/space/${space.id}/tree`,
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await inject();
    if (first.statusCode !== 200) throw new Error(`tree answered ${first.statusCode}`);
    const payloadBytes = Buffer.byteLength(first.body);
    const rawRows = (await db.execute(rawSelect)) as unknown as { rows: Array<{ id: string }> };
    if (rawRows.rows.length !== nodeCount) throw new Error(`raw select saw ${rawRows.rows.length}`);
    const firstNodeId = rawRows.rows[0]!.id;

    // warm: the tree unchanged since the last answer (served from the tree cache); cold: a node
    // renamed before each request (outside the timing), so every answer reads and builds it
    const api = await time(inject);
    let renames = 0;
    const rename = () =>
      db
        .update(spaceNodes)
        .set({ name: `改名 ${++renames}` })
        .where(eq(spaceNodes.id, firstNodeId));
    const cold = await time(async () => {
      await rename();
      await inject();
    });
    const renameOnly = await time(rename);
    const raw = await time(() => db.execute(rawSelect));
    const aggregate = await time(() => db.execute(rawAggregate));
    const fmt = (s: { median: number; p95: number; min: number }) =>
      `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, min ${s.min.toFixed(1)} ms`;
    const line = (label: string, value: string) => out(`${label.padEnd(42)}${value}`);
    line(`raw SQL select, ${nodeCount} rows:`, fmt(raw));
    line('raw SQL select, one JSON row:', fmt(aggregate));
    line('GET /api/v2/space/{id}/tree, cached:', fmt(api));
    line('rename + GET (tree changed):', fmt(cold));
    line('rename alone:', fmt(renameOnly));
    line('ratio api cached / raw rows (median):', (api.median / raw.median).toFixed(2));
    line(
      'ratio api changed / raw rows (median):',
      ((cold.median - renameOnly.median) / raw.median).toFixed(2),
    );
    line(
      'ratio api changed / raw JSON (median):',
      ((cold.median - renameOnly.median) / aggregate.median).toFixed(2),
    );
    out(`payload: ${(payloadBytes / 1024).toFixed(0)} KiB (${payloadBytes} bytes)`);
  } finally {
    if (url && spaceIds.length > 0) {
      await db.delete(spaceNodes).where(inArray(spaceNodes.spaceId, spaceIds));
      for (const id of spaceIds) await db.delete(spaces).where(eq(spaces.id, id));
    }
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
