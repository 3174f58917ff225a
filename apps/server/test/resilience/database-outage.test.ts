// PostgreSQL stopped for 30 s under load: clients keep saving and reading while
// the database is stopped (pg_ctl stop -m fast, which also ends open connections) and started
// again 30 s later. Meanwhile every API answer is 503 with Retry-After — never a 500, never a
// hang — and afterwards the same process serves again, its LISTEN connections (session and
// access announcements) back, without a restart. The cluster is the test's own: the machine's shared
// PostgreSQL is never touched.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ErrorCode } from '@library/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startInstance, startPostgres, stopAll, tempDir } from './harness.js';
import {
  call,
  createPage,
  createSpace,
  loginAdmin,
  pageRevision,
  saveBlock,
  type Outcome,
} from './library-client.js';
import { report } from './report.js';

const clients = 10;
const outageMs = 30_000;
/**
 * the instance's LISTEN connections: sessions (session-cache.ts), access (access-cache.ts),
 * live pages' logged updates and carets (collab-server.ts, awareness-relay.ts), and new
 * notifications (notification-stream.ts)
 */
const channels = 5;

afterAll(() => stopAll());

async function listeners(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  try {
    await db.connect();
    const result = await db.query<{ count: string }>(
      "select count(*) from pg_stat_activity where application_name = 'library-listen'",
    );
    return Number(result.rows[0]?.count ?? 0);
  } catch {
    return -1;
  } finally {
    await db.end().catch(() => undefined);
  }
}

describe('PostgreSQL stopped for 30 s under load', () => {
  it('answers 503 with Retry-After meanwhile and recovers without a restart', async () => {
    const postgres = await startPostgres();
    const instance = await startInstance('solo', {
      DATABASE_URL: postgres.url,
      DATA_DIR: tempDir('data'),
    });
    const base = `http://127.0.0.1:${instance.port}`;
    const token = await loginAdmin(base);
    const spaceId = await createSpace(base, token, '停库测试');
    const pages = await Promise.all(
      Array.from({ length: clients }, (_, i) => createPage(base, token, spaceId, `页面 ${i}`)),
    );
    expect(await listeners(postgres.url)).toBe(channels);

    const outcomes: Array<Outcome & { client: number }> = [];
    const acked: string[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    let restartedAt = Number.POSITIVE_INFINITY;
    const recoveredAt = new Map<number, number>(); // client → first success after the restart

    // saves (reloading the revision after one without an answer) and reads, in turn
    const runClient = async (client: number) => {
      const pageId = pages[client] ?? '';
      let revision = 0;
      let resync = false;
      for (let step = 0; step < 2000 && Date.now() < stopAt; step += 1) {
        let outcome: Outcome;
        if (resync || step % 2 === 1) {
          outcome = await pageRevision(base, token, pageId);
          if (outcome.ok && resync) {
            revision = (outcome.data as { revision: number }).revision;
            resync = false;
          }
        } else {
          const blockId = `c${client}-s${step}`;
          outcome = await saveBlock(base, token, pageId, revision, blockId);
          if (outcome.ok && outcome.data) {
            revision = (outcome.data as { revision: number }).revision;
            acked.push(`${pageId}/${blockId}`);
          } else {
            resync = true;
          }
        }
        outcomes.push({ ...outcome, client });
        if (outcome.ok && outcome.startedAt > restartedAt && !recoveredAt.has(client)) {
          recoveredAt.set(client, outcome.endedAt);
          // every client is back: a little more load, then stop
          if (recoveredAt.size === clients) stopAt = Date.now() + 2000;
        }
        await sleep(100);
      }
    };
    const load = Promise.all(Array.from({ length: clients }, (_, i) => runClient(i)));

    await sleep(3000);
    const stopping = Date.now();
    await postgres.stop();
    const stoppedAt = Date.now();
    // readiness says so too, while the database is away
    const readiness: Outcome[] = [];
    while (Date.now() < stoppedAt + outageMs) {
      readiness.push(await call(base, 'GET', '/api/ready', null, undefined, 10_000));
      await sleep(1000);
    }
    const restarting = Date.now();
    await postgres.start();
    restartedAt = Date.now();
    // bounded: every client must be back well within this
    const giveUpAt = restartedAt + 30_000;
    while (recoveredAt.size < clients && Date.now() < giveUpAt) await sleep(100);
    stopAt = Math.min(stopAt, Date.now() + 2000);
    await load;
    let listening = await listeners(postgres.url);
    for (let i = 0; i < 50 && listening !== channels; i += 1) {
      await sleep(200);
      listening = await listeners(postgres.url);
    }
    const readyAfter = await call(base, 'GET', '/api/ready', null);

    // (pg_ctl start returns once the server accepts connections: answers may succeed before)
    const during = outcomes.filter((o) => o.startedAt > stoppedAt && o.endedAt < restarting);
    const statuses = new Map<number, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    const failures = outcomes.filter((o) => !o.ok);
    const unavailable = failures.filter((o) => o.status === 503);
    const lastRecovery = Math.max(...recoveredAt.values()) - restartedAt;

    // acknowledged saves from before, during and after are all there
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    const stored = await db
      .query<{ key: string }>(
        "select page_id || '/' || block_id as key from page_blocks where page_id = any($1::uuid[])",
        [pages],
      )
      .finally(() => db.end());
    const present = new Set(stored.rows.map((row) => row.key));

    report('PostgreSQL stopped for 30 s', {
      clients,
      stopTookMs: stoppedAt - stopping,
      outageSeconds: ((restartedAt - stoppedAt) / 1000).toFixed(1),
      requests: outcomes.length,
      statuses: Object.fromEntries(statuses),
      requestsDuringOutage: during.length,
      answered503: unavailable.length,
      retryAfter: [...new Set(unavailable.map((o) => o.retryAfter))],
      longest503Ms: Math.max(0, ...unavailable.map((o) => o.endedAt - o.startedAt)),
      readinessDuringOutage: [...new Set(readiness.map((o) => o.status))],
      firstClientBackAfterMs: Math.min(...recoveredAt.values()) - restartedAt,
      allClientsBackAfterMs: lastRecovery,
      listenConnectionsAfter: listening,
      savesAcknowledged: acked.length,
      savesLost: acked.filter((key) => !present.has(key)).length,
      other503: unavailable
        .filter((o) => o.code !== ErrorCode.databaseBusy || !o.retryAfter)
        .slice(0, 3),
    });
    if (failures.some((o) => o.status !== 503)) {
      process.stderr.write(`instance log, last lines:\n${instance.log.slice(-45).join('\n')}\n`);
    }

    // never a 500 nor a dropped connection: what failed is 503 with Retry-After
    expect(failures.filter((o) => o.status !== 503)).toEqual([]);
    expect(unavailable.every((o) => o.code === ErrorCode.databaseBusy && o.retryAfter)).toBe(true);
    expect(during.length).toBeGreaterThan(clients * 10);
    expect(during.every((o) => o.status === 503)).toBe(true);
    // a stopped database refuses at once: nobody waits long for the answer
    expect(Math.max(...unavailable.map((o) => o.endedAt - o.startedAt))).toBeLessThan(10_000);
    expect(readiness.length).toBeGreaterThan(10);
    expect(readiness.every((o) => o.status === 503 && o.retryAfter)).toBe(true);
    // back without a restart: every client, the readiness check and the LISTEN connections
    expect(recoveredAt.size).toBe(clients);
    expect(lastRecovery).toBeLessThan(15_000);
    expect(readyAfter.status).toBe(200);
    expect(listening).toBe(channels);
    expect(instance.log.filter((line) => line.includes('unhandled error'))).toEqual([]);
    // …the same process all along
    expect(() => process.kill(instance.pid, 0)).not.toThrow();
    expect(acked.filter((key) => !present.has(key))).toEqual([]);
  });
});
