// kill -9 during 1,000 acknowledged saves: clients save blocks to one instance
// until 1,000 saves have been acknowledged, then the instance is killed with SIGKILL while more
// are in flight. Started again on the same data, it has every acknowledged block — on the
// embedded database (PGlite in DATA_DIR) and on PostgreSQL.
import pg from 'pg';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { startInstance, startPostgres, stopAll, tempDir, type Instance } from './harness.js';
import { call, createPage, createSpace, loginAdmin, saveBlock } from './library-client.js';
import { report } from './report.js';

const clients = 20;
const savesToAcknowledge = 1000;

afterAll(() => stopAll());

interface Run {
  token: string;
  /** page id → acknowledged block ids */
  acked: Map<string, string[]>;
  /** block ids of saves that got no answer (the kill came first) */
  unanswered: Map<string, string[]>;
  ackedCount: number;
  seconds: number;
}

/** Saves until `savesToAcknowledge` are acknowledged, then kills the instance mid-flight. */
async function saveThenKill(instance: Instance): Promise<Run> {
  const base = `http://127.0.0.1:${instance.port}`;
  const token = await loginAdmin(base);
  const spaceId = await createSpace(base, token, '断电测试');
  const pages = await Promise.all(
    Array.from({ length: clients }, (_, i) => createPage(base, token, spaceId, `页面 ${i}`)),
  );
  const acked = new Map<string, string[]>(pages.map((pageId) => [pageId, []]));
  const unanswered = new Map<string, string[]>(pages.map((pageId) => [pageId, []]));
  let ackedCount = 0;
  let killing: Promise<void> | null = null;
  const started = Date.now();

  const giveUpAt = started + 240_000;
  const runClient = async (pageId: string) => {
    let revision = 0;
    // bounded: the kill comes at 1,000 acknowledged saves, long before either limit
    for (let step = 0; step < savesToAcknowledge && !killing; step += 1) {
      if (Date.now() > giveUpAt) throw new Error(`only ${ackedCount} saves in 240 s`);
      const blockId = `s${step}`;
      const outcome = await saveBlock(base, token, pageId, revision, blockId);
      if (outcome.ok && outcome.data) {
        revision = outcome.data.revision;
        acked.get(pageId)?.push(blockId);
        ackedCount += 1;
        // the thousandth acknowledgement kills the instance; the other clients' saves are
        // still on their way
        if (ackedCount === savesToAcknowledge) killing = instance.kill('SIGKILL');
      } else {
        if (!killing) throw new Error(`save failed before the kill: ${JSON.stringify(outcome)}`);
        unanswered.get(pageId)?.push(blockId);
        return;
      }
    }
  };
  await Promise.all(pages.map(runClient));
  await killing;
  return { token, acked, unanswered, ackedCount, seconds: (Date.now() - started) / 1000 };
}

/** Which of the run's blocks the restarted instance has, page by page (through the API). */
async function storedBlocks(base: string, token: string, run: Run) {
  const stored = new Set<string>();
  for (const pageId of run.acked.keys()) {
    const outcome = await call<{ blocks: Array<{ id: string }> }>(
      base,
      'GET',
      `/api/v2/space/page/${pageId}/block`,
      token,
    );
    if (!outcome.ok || !outcome.data) throw new Error(`reading page ${pageId} failed`);
    for (const block of outcome.data.blocks) stored.add(`${pageId}/${block.id}`);
  }
  return stored;
}

function check(expect: ExpectStatic, title: string, run: Run, stored: Set<string>) {
  const acknowledged = [...run.acked].flatMap(([pageId, ids]) =>
    ids.map((id) => `${pageId}/${id}`),
  );
  const lost = acknowledged.filter((key) => !stored.has(key));
  const unanswered = [...run.unanswered].flatMap(([pageId, ids]) =>
    ids.map((id) => `${pageId}/${id}`),
  );
  report(title, {
    clients,
    savesAcknowledged: acknowledged.length,
    savesLost: lost.length,
    savesInFlightAtKill: unanswered.length,
    ofThemCommittedAnyway: unanswered.filter((key) => stored.has(key)).length,
    secondsToKill: run.seconds.toFixed(1),
  });
  expect(acknowledged.length).toBeGreaterThanOrEqual(savesToAcknowledge);
  expect(lost).toEqual([]);
}

// The two run side by side: independent processes and data, and the machine has two cores.
describe.concurrent('kill -9 during 1,000 acknowledged saves', () => {
  it(
    'loses none on the embedded database (PGlite in DATA_DIR)',
    { timeout: 360_000 },
    async ({ expect }) => {
      const dataDir = tempDir('pglite');
      const first = await startInstance('pglite', { DATA_DIR: dataDir });
      const run = await saveThenKill(first);
      // the same directory again: the stale lock is taken over, the database opens
      const again = await startInstance('pglite-again', { DATA_DIR: dataDir });
      const base = `http://127.0.0.1:${again.port}`;
      check(expect, 'kill -9 during saves, PGlite', run, await storedBlocks(base, run.token, run));
      await again.kill('SIGTERM');
    },
  );

  it('loses none on PostgreSQL', { timeout: 360_000 }, async ({ expect }) => {
    const postgres = await startPostgres();
    const env = { DATABASE_URL: postgres.url, DATA_DIR: tempDir('pg-data') };
    const first = await startInstance('postgres', env);
    const run = await saveThenKill(first);
    const again = await startInstance('postgres-again', env);
    const base = `http://127.0.0.1:${again.port}`;
    const stored = await storedBlocks(base, run.token, run);
    // and straight from the database, not through the server
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const rows = await db.query<{ page_id: string; block_id: string }>(
        'select page_id, block_id from page_blocks where page_id = any($1::uuid[])',
        [[...run.acked.keys()]],
      );
      expect(new Set(rows.rows.map((r) => `${r.page_id}/${r.block_id}`))).toEqual(stored);
    } finally {
      await db.end();
    }
    check(expect, 'kill -9 during saves, PostgreSQL', run, stored);
    await again.kill('SIGTERM');
  });
});
