// Two instances, one killed: PostgreSQL, Redis and two instances of the built
// server behind HAProxy; 50 clients save blocks, upload files and ask the AI (SSE) while one
// instance is killed with SIGKILL. Nothing acknowledged is lost, each client's next request
// succeeds through the survivor, the killed instance's job is taken over once its lease runs
// out, and an answer cut off by the kill ends in an error the client sees.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startHaproxy,
  startInstance,
  startPostgres,
  startRedis,
  startSlowModel,
  stopAll,
  tempDir,
  type Instance,
} from './harness.js';
import {
  askStreaming,
  call,
  createConversation,
  createPage,
  createSpace,
  enableAi,
  loginAdmin,
  pageRevision,
  saveBlock,
  uploadFile,
  useModel,
  type LiveStream,
  type StreamResult,
} from './library-client.js';
import { report } from './report.js';

const clients = 50;
const leaseSeconds = 5;
/** load before the kill, and after it */
const loadBeforeMs = 5000;
const loadAfterMs = 6000;

let base = '';
let modelUrl = '';
let instances: Instance[] = [];
let db: pg.Client;

beforeAll(async () => {
  const postgres = await startPostgres();
  const redisUrl = await startRedis();
  modelUrl = await startSlowModel({ pieces: 30, pieceDelayMs: 150, embeddingDelayMs: 800 });
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redisUrl,
    // the files directory is shared, as a network volume would be; so are the secrets
    DATA_DIR: tempDir('data'),
    PREVIEW_SECRET: 'resilience-preview-secret-0123456789abcdef',
    AI_SECRET_KEY: 'resilience-ai-secret-key-0123456789abcdef',
    JOB_LEASE_SECONDS: String(leaseSeconds),
  };
  // one after the other: the first one migrates the empty database
  instances = [await startInstance('a', env)];
  instances.push(await startInstance('b', env));
  base = await startHaproxy(instances);
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await stopAll();
});

type Kind = 'save' | 'resync' | 'upload' | 'chat';
interface Request {
  client: number;
  kind: Kind;
  ok: boolean;
  status: number;
  server: string | null;
  detail: string;
  startedAt: number;
  endedAt: number;
}

describe('two instances behind HAProxy, one killed with SIGKILL under load', () => {
  it('loses no acknowledged write, serves every client from the survivor and hands over the jobs', async () => {
    const token = await loginAdmin(base);
    await useModel(base, token, modelUrl);
    const spaceId = await createSpace(base, token, '韧性测试');
    const chatId = await enableAi(base, token, spaceId);
    const pages = await Promise.all(
      Array.from({ length: clients }, (_, i) => createPage(base, token, spaceId, `页面 ${i}`)),
    );
    const conversations = await Promise.all(
      Array.from({ length: clients }, () => createConversation(base, token, chatId)),
    );

    const requests: Request[] = [];
    const ackedBlocks = new Map<string, string[]>(); // pageId → acknowledged block ids
    const ackedFiles: string[] = [];
    const streams: Array<StreamResult & { client: number }> = [];
    const live = new Set<LiveStream>(); // answers streaming now
    let stopAt = Number.POSITIVE_INFINITY;
    let killedAt = Number.POSITIVE_INFINITY;
    let hardStop = Number.POSITIVE_INFINITY;

    // Each client owns a page and saves one new block at a time, as the editor does; every
    // tenth client asks the AI between saves, the others upload a file every fourth step. After a
    // save without an answer the client reloads its page's revision first.
    const runClient = async (client: number) => {
      const pageId = pages[client] ?? '';
      const acked: string[] = [];
      ackedBlocks.set(pageId, acked);
      let revision = 0;
      let resync = false;
      // until the load stops — and at least one request after the kill, however slow the
      // machine is (bounded by the step count and `hardStop`)
      const going = () =>
        Date.now() < stopAt ||
        (Date.now() < hardStop &&
          !requests.some((r) => r.client === client && r.startedAt > killedAt));
      for (let step = 0; step < 400 && going(); step += 1) {
        if (resync) {
          const outcome = await pageRevision(base, token, pageId);
          requests.push(record(client, 'resync', outcome));
          if (outcome.ok && outcome.data) {
            revision = outcome.data.revision;
            resync = false;
          }
        } else if (client % 10 === 0 && step % 2 === 1) {
          const progress: LiveStream = { server: null, deltas: 0 };
          live.add(progress);
          const stream = await askStreaming(
            base,
            token,
            chatId,
            conversations[client] ?? '',
            '开放时间是什么？',
            progress,
          );
          live.delete(progress);
          streams.push({ ...stream, client });
          requests.push({
            client,
            kind: 'chat',
            ok: stream.end === 'final',
            status: stream.status,
            server: stream.server,
            detail: `${stream.end} ${stream.detail}`,
            startedAt: stream.startedAt,
            endedAt: stream.endedAt,
          });
        } else if (client % 10 !== 0 && step % 4 === 1) {
          const outcome = await uploadFile(base, token, spaceId, `文件-${client}-${step}.txt`);
          requests.push(record(client, 'upload', outcome));
          if (outcome.ok && outcome.data) ackedFiles.push(outcome.data.fileId);
        } else {
          const blockId = `c${client}-s${step}`;
          const outcome = await saveBlock(base, token, pageId, revision, blockId);
          requests.push(record(client, 'save', outcome));
          if (outcome.ok && outcome.data) {
            revision = outcome.data.revision;
            acked.push(blockId);
          } else {
            resync = true;
          }
        }
        await sleep(30);
      }
    };

    const loadStarted = Date.now();
    const load = Promise.all(Array.from({ length: clients }, (_, i) => runClient(i)));

    // Kill once the load runs, both workers hold a job (one of them the victim's) and the
    // victim is streaming an answer.
    await sleep(loadBeforeMs);
    const victim = instances[0] as Instance;
    const survivor = (instances[1] as Instance).name;
    let held: Array<{ id: string; attempts: number }> = [];
    const streamingOnVictim = () =>
      [...live].some((stream) => stream.server === victim.name && stream.deltas > 0);
    for (let tries = 0; tries < 150; tries += 1) {
      held = (
        await db.query<{ id: string; attempts: number }>(
          'select id, attempts from jobs where locked_until > now() and failed_at is null',
        )
      ).rows;
      if (held.length === 2 && streamingOnVictim()) break;
      await sleep(100);
    }
    expect(held.length, 'both instances were running a job').toBe(2);
    expect(streamingOnVictim(), 'the victim was streaming an answer').toBe(true);
    const streamsBefore = streams.length;
    const killStartedAt = Date.now();
    await victim.kill('SIGKILL');
    // the process is gone (its exit was seen): what starts now cannot reach it
    killedAt = Date.now();
    // The job the victim held when it died: it may have finished the one seen above and claimed
    // another just before the kill, so the jobs locked now count too (a dead instance's lock
    // stays until its lease runs out).
    const lockedAtKill = (
      await db.query<{ id: string; attempts: number }>(
        'select id, attempts from jobs where locked_until > now() and failed_at is null',
      )
    ).rows;
    held = [...held, ...lockedAtKill.filter((job) => !held.some((seen) => seen.id === job.id))];
    stopAt = killedAt + loadAfterMs;
    hardStop = killedAt + 60_000;

    // The victim's job comes back when its lease runs out, and the survivor finishes it.
    const taken = new Map<string, number>(); // job id → when the survivor claimed it again
    const finished = new Map<string, number>();
    while (finished.size < held.length && Date.now() < killedAt + (leaseSeconds + 30) * 1000) {
      const rows = (
        await db.query<{ id: string; attempts: number }>(
          'select id, attempts from jobs where id = any($1::bigint[])',
          [held.map((job) => job.id)],
        )
      ).rows;
      for (const job of held) {
        const row = rows.find((r) => r.id === job.id);
        if (!row) {
          if (!finished.has(job.id)) finished.set(job.id, Date.now());
        } else if (row.attempts > job.attempts && !taken.has(job.id)) {
          taken.set(job.id, Date.now());
        }
      }
      await sleep(100);
    }
    await load;

    // --- nothing acknowledged is lost ---
    const pageIds = [...ackedBlocks.keys()];
    const stored = await db.query<{ page_id: string; block_id: string }>(
      'select page_id, block_id from page_blocks where page_id = any($1::uuid[])',
      [pageIds],
    );
    const present = new Set(stored.rows.map((row) => `${row.page_id}/${row.block_id}`));
    const acknowledged = [...ackedBlocks].flatMap(([pageId, ids]) =>
      ids.map((id) => `${pageId}/${id}`),
    );
    const lostSaves = acknowledged.filter((key) => !present.has(key));
    const files = await db.query<{ id: string }>(
      'select id from space_files where id = any($1::uuid[])',
      [ackedFiles],
    );
    const lostFiles = ackedFiles.length - files.rows.length;
    // and their bytes are where the survivor reads them (the shared files directory)
    const downloads = await Promise.all(
      ackedFiles.map((id) => call(base, 'GET', `/api/v3/space/file/${id}/download`, token)),
    );
    const unreadable = downloads.filter((d) => d.status !== 200).length;

    // --- every client's first request after the kill succeeds, on the survivor ---
    const firstAfter = Array.from(
      { length: clients },
      (_, client) =>
        requests
          .filter((r) => r.client === client && r.startedAt > killedAt)
          .sort((x, y) => x.startedAt - y.startedAt)[0],
    );
    const failedFirst = firstAfter.filter((r) => !r?.ok || r.server !== survivor);

    // --- an answer cut off by the kill ends in an error ---
    const cut = streams.filter((s) => s.end !== 'final');
    const cutOnVictim = cut.filter((s) => s.server === victim.name);
    const midAnswer = cutOnVictim.filter((s) => s.end === 'cut' && s.deltas > 0);
    const failedBefore = requests.filter((r) => !r.ok && r.endedAt < killStartedAt);

    report('two instances, one killed', {
      clients,
      loadSeconds: ((Date.now() - loadStarted) / 1000).toFixed(1),
      requests: requests.length,
      savesAcknowledged: acknowledged.length,
      savesLost: lostSaves.length,
      savesWithoutAnswer: requests.filter((r) => r.kind === 'save' && !r.ok).length,
      uploadsAcknowledged: ackedFiles.length,
      uploadsLost: lostFiles,
      uploadsUnreadable: unreadable,
      answersStarted: streams.length,
      answersBeforeKill: streamsBefore,
      answersCut: cut.length,
      answersCutMidAnswer: midAnswer.length,
      cutEndedWith: [...new Set(cut.map((s) => s.detail.slice(0, 80)))],
      cutLongestMs: Math.max(0, ...cut.map((s) => s.endedAt - killedAt)),
      firstRequestsAfterKillFailed: failedFirst.length,
      failedFirst: failedFirst.slice(0, 5),
      jobsHeldAtKill: held.length,
      jobTakenOverAfterMs: [...taken.values()].map((at) => at - killedAt),
      jobsFinishedAfterMs: [...finished.values()].map((at) => at - killedAt),
    });

    expect(failedBefore, 'nothing failed before the kill').toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(100);
    expect(lostSaves).toEqual([]);
    expect(lostFiles).toBe(0);
    expect(unreadable).toBe(0);
    expect(firstAfter.every(Boolean), 'every client sent a request after the kill').toBe(true);
    expect(failedFirst).toEqual([]);
    // answers were streaming through the victim when it died: they ended at once, with an
    // error — mid-answer ('cut'), or before the answer began (no answer: 'http', status 0) —
    // and they were the only ones that did not end with the final event
    expect(midAnswer.length).toBeGreaterThan(0);
    for (const stream of cut) {
      expect(stream.end === 'cut' || (stream.end === 'http' && stream.status === 0)).toBe(true);
      expect(stream.server === victim.name || stream.server === null).toBe(true);
      expect(stream.startedAt).toBeLessThan(killStartedAt);
      expect(stream.endedAt - killedAt).toBeLessThan(5000);
    }
    // the victim's job went back to the queue after its lease and was done by the survivor
    expect(finished.size).toBe(held.length);
    expect(taken.size).toBeGreaterThanOrEqual(1);
    // (the lease, plus the survivor finishing the job it holds, on a busy machine)
    for (const at of taken.values()) expect(at - killedAt).toBeLessThan((leaseSeconds + 10) * 1000);
  });
});

function record(client: number, kind: Kind, outcome: Awaited<ReturnType<typeof call>>): Request {
  return {
    client,
    kind,
    ok: outcome.ok,
    status: outcome.status,
    server: outcome.server,
    detail: outcome.error ?? String(outcome.code),
    startedAt: outcome.startedAt,
    endedAt: outcome.endedAt,
  };
}
