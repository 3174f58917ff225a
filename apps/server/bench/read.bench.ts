// The speed of an ordinary read: the real server as `npm start` runs it (the built
// bundle, its default logging) against a bare Fastify answering a constant, both in their own
// process and measured in the same run, with autocannon at 100 connections for 10 s each:
// a page's blocks (100 blocks), the page's details, the space's tree, the user, the health check.
//   npx tsx --conditions=@library/source apps/server/bench/read.bench.ts
// The embedded PGlite by default; BENCH_DATABASE_URL=postgres://… runs the server on PostgreSQL
// (use a throwaway database: the bench adds a user, a space and a page). BENCH_SECONDS (10),
// BENCH_CONNECTIONS (100); BENCH_REINDEX_PAGES (1000; 0 skips it): the page's blocks are read
// once more while the AI re-indexes a space of that many pages; BENCH_ONLY=blocks runs only the requests whose label has that word;
// BENCH_PROFILE=1 writes the server's CPU profile to
// DATA_DIR/profile/*.cpuprofile (open it in Chrome's DevTools). BENCH_SERVER_BUNDLE=path/main.js
// runs another build (an earlier commit's, to compare in the same conditions) instead of this one.
// The bare Fastify also sends the page's blocks answer as a constant: the same bytes, no work.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { out } from './report.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const root = path.resolve(import.meta.dirname, '../../..');
const serverBundle = process.env.BENCH_SERVER_BUNDLE || path.join(root, 'apps/server/dist/main.js');
const smsCode = '246810';

/** Starts a process and waits for the line that says where it listens. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise<{ child: ChildProcess; origin: string }>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = ready.exec(seen);
      if (match?.[1]) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({ child, origin: match[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}:\n${seen}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time a process has used so far, ms (user and system; /proc counts in ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, MB. */
function rssMb(pid: number) {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

async function api(origin: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; data: Record<string, unknown> };
  if (envelope.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A user (SMS login, which registers), a space, a page of 100 blocks, published. */
async function seed(origin: string) {
  // a new number each run: a PostgreSQL database kept between runs remembers the last code sent
  const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const { smsToken } = (await api(origin, 'POST', '/api/v1/user/smsCode', undefined, {
    mobile,
  })) as { smsToken: string };
  const { token } = (await api(origin, 'POST', '/api/v1/user/smsCodeRegLogin', undefined, {
    smsCode,
    smsToken,
    inviteCode: '',
    client: { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
  })) as { token: string };
  const { spaceId } = (await api(origin, 'POST', '/api/v2/space', token, {
    name: '基准空间',
  })) as { spaceId: string };
  const { pageId } = (await api(origin, 'POST', `/api/v2/space/${spaceId}/page`, token, {
    name: '基准页面',
  })) as { pageId: string };
  let after: string | null = null;
  const changes = Array.from({ length: 100 }, (_, i) => {
    const blockId = `bench-${i}`;
    const change = {
      op: 'upsert',
      blockId,
      afterBlockId: after,
      data: {
        id: blockId,
        type: 'paragraph',
        props: {},
        content: [
          { type: 'text', text: `第 ${i} 段：知识库里的一段普通文字，写给同事们看。`, styles: {} },
        ],
        children: [],
      },
    };
    after = blockId;
    return change;
  });
  await api(origin, 'PUT', `/api/v2/space/page/${pageId}/block`, token, {
    baseRevision: 0,
    changes,
  });
  await api(origin, 'POST', `/api/v2/space/page/${pageId}/version`, token, { name: 'v1' });
  return { token, spaceId, pageId };
}

const only = process.env.BENCH_ONLY;

/**
 * A second space of `pages` pages (a few paragraphs each), its AI switched on — which queues a
 * re-index of every page — and `measure` run while the index jobs work through them.
 */
async function duringReindex(
  origin: string,
  token: string,
  pages: number,
  measure: () => ReturnType<typeof load>,
) {
  const { spaceId } = (await api(origin, 'POST', '/api/v2/space', token, {
    name: '重建索引的空间',
  })) as { spaceId: string };
  for (let i = 0; i < pages; i++) {
    const { pageId } = (await api(origin, 'POST', `/api/v2/space/${spaceId}/page`, token, {
      name: `第 ${i} 页`,
    })) as { pageId: string };
    const changes = Array.from({ length: 5 }, (_, j) => ({
      op: 'upsert',
      blockId: `p${i}-${j}`,
      afterBlockId: j === 0 ? null : `p${i}-${j - 1}`,
      data: {
        id: `p${i}-${j}`,
        type: 'paragraph',
        props: {},
        content: [
          {
            type: 'text',
            text: `第 ${i} 页第 ${j} 段：图书馆的规章制度、借阅流程和开放时间，写给新同事。`,
            styles: {},
          },
        ],
        children: [],
      },
    }));
    await api(origin, 'PUT', `/api/v2/space/page/${pageId}/block`, token, {
      baseRevision: 0,
      changes,
    });
    // the AI indexes what readers see: the published version
    await api(origin, 'POST', `/api/v2/space/page/${pageId}/version`, token, { name: 'v1' });
  }
  const index = async () =>
    (
      (await api(origin, 'GET', `/api/v1/ai/${spaceId}`, token)) as {
        index: { documents: number; pending: number };
      }
    ).index;
  await api(origin, 'POST', `/api/v1/ai/${spaceId}/enable`, token, { enable: true });
  const before = await index();
  const result = await measure();
  const after = await index();
  return {
    result,
    indexedDuring: after.documents - before.documents,
    pendingAfter: after.pending,
  };
}

/** On PostgreSQL: the server processes of the benchmark's database (its pool's connections). */
let databasePids = async (): Promise<number[]> => [];
let closeProbe = async () => undefined as void;

/** CPU time of the processes, ms; a process that ended since counts nothing. */
function cpuOf(pids: number[]) {
  return pids.reduce((sum, pid) => {
    try {
      return sum + cpuMs(pid);
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * `url` under load; `pid` is the process answering it, whose CPU time per answered request is
 * reported — a figure the other work on a shared machine disturbs far less than req/s — and on
 * PostgreSQL the database's too.
 */
async function load(origin: string, url: string, pid: number, token?: string) {
  if (only && !url.includes(only) && !url.endsWith('/')) return null;
  const cpuBefore = cpuMs(pid);
  const backends = await databasePids();
  const databaseBefore = cpuOf(backends);
  const result = await autocannon({
    url: `${origin}${url}`,
    connections,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    cpuUs: ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    databaseCpuUs:
      ((cpuOf([...new Set([...backends, ...(await databasePids())])]) - databaseBefore) * 1000) /
      Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed,
  };
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    databasePids = async () =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((row) => row.pid);
    closeProbe = () => client.end();
  }
  if (!process.env.BENCH_SERVER_BUNDLE) {
    spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'ignore' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-read-bench-'));
  const answerFile = path.join(dataDir, 'answer.json');
  const profile = process.env.BENCH_PROFILE === '1';
  const server = await start(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(dataDir, 'profile')}`] : []),
      serverBundle,
    ],
    {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? '',
      SMS_FIXED_CODE: smsCode,
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIR: path.join(dataDir, 'no-web'),
      ADMIN_ACCOUNT: 'bench-admin@example.com',
      ADMIN_PASSWORD: 'bench-password-1',
    },
    /ready on (http:\/\/[^\s"]+)/,
  );
  const bare = await start(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       import fs from 'node:fs';
       const app = Fastify();
       app.get('/', async () => ({ hello: 'world' }));
       let answer;
       app.get('/answer', async (request, reply) => {
         answer ??= fs.readFileSync(process.env.BENCH_ANSWER);
         return reply.type('application/json; charset=utf-8').send(answer);
       });
       console.log('ready on ' + (await app.listen({ port: 0, host: '127.0.0.1' })));`,
    ],
    { ...process.env, NODE_PATH: path.join(root, 'node_modules'), BENCH_ANSWER: answerFile },
    /ready on (http:\/\/[^\s"]+)/,
  );
  try {
    const { token, spaceId, pageId } = await seed(server.origin);
    await new Promise((resolve) =>
      setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 2000)),
    );
    const idle = rssMb(server.child.pid!);
    const blocksUrl = `/api/v2/space/page/${pageId}/block?version=0`;
    const answer = Buffer.from(
      await (
        await fetch(`${server.origin}${blocksUrl}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).arrayBuffer(),
    );
    fs.writeFileSync(answerFile, answer);
    // warm-up, not measured: the embedded database's WebAssembly is compiled to optimised code
    // only as it runs hot, which takes the first seconds of load
    await autocannon({
      url: `${server.origin}${blocksUrl}`,
      connections: 10,
      duration: 3,
      headers: { authorization: `Bearer ${token}` },
    });
    const load1 = os.loadavg()[0]!.toFixed(2);
    out(
      `server: ${url ? 'PostgreSQL' : 'PGlite (embedded)'}; ${connections} connections, ${seconds} s each`,
    );
    out(`load average before: ${load1}; server idle RSS after seeding: ${idle.toFixed(0)} MB`);
    const rows: Array<[string, Awaited<ReturnType<typeof load>>]> = [];
    const bareResult = (await load(bare.origin, '/', bare.child.pid!))!;
    rows.push(['bare Fastify hello', bareResult]);
    const bareAnswer = await load(bare.origin, '/answer?block', bare.child.pid!);
    rows.push([
      `bare Fastify, the blocks answer (${(answer.length / 1024).toFixed(1)} KiB)`,
      bareAnswer,
    ]);
    rows.push(['GET /api/health', await load(server.origin, '/api/health', server.child.pid!)]);
    rows.push([
      'GET /api/v1/user',
      await load(server.origin, '/api/v1/user', server.child.pid!, token),
    ]);
    const blocks = await load(server.origin, blocksUrl, server.child.pid!, token);
    rows.push(['GET page blocks (100 blocks)', blocks]);
    rows.push([
      'GET page details',
      await load(server.origin, `/api/v2/space/page/${pageId}`, server.child.pid!, token),
    ]);
    rows.push([
      'GET space tree',
      await load(server.origin, `/api/v2/space/${spaceId}/tree`, server.child.pid!, token),
    ]);
    const reindexPages = Number(process.env.BENCH_REINDEX_PAGES ?? 1000);
    if (reindexPages > 0) {
      const during = await duringReindex(server.origin, token, reindexPages, async () =>
        load(server.origin, blocksUrl, server.child.pid!, token),
      );
      if (during.result) {
        rows.push([`GET page blocks while ${reindexPages} pages are re-indexed`, during.result]);
      }
      out(
        `re-index: ${during.indexedDuring} pages indexed during the load, ${during.pendingAfter} still pending`,
      );
    }
    out(
      `load average after: ${os.loadavg()[0]!.toFixed(2)}; server RSS after load: ${rssMb(server.child.pid!).toFixed(0)} MB`,
    );
    out('');
    out(
      '| request | req/s | p50 ms | p99 ms | ratio to bare Fastify | CPU µs/request | database CPU µs/request | failed |',
    );
    out('|---|---|---|---|---|---|---|---|');
    for (const [label, r] of rows) {
      if (!r) continue;
      out(
        `| ${label} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / bareResult.rps).toFixed(3)} | ${r.cpuUs.toFixed(0)} | ${url && !label.startsWith('bare') ? r.databaseCpuUs.toFixed(0) : '–'} | ${r.failed} |`,
      );
    }
    if (blocks && bareAnswer) {
      out('');
      out(
        `page blocks / the bare Fastify sending the same answer: ${(blocks.rps / bareAnswer.rps).toFixed(3)}`,
      );
    }
  } finally {
    await stop(server.child);
    await stop(bare.child);
    await closeProbe();
    if (profile) out(`profile: ${path.join(dataDir, 'profile')}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
