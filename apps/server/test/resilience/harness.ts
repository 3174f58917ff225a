// What the resilience tests (`npm run test:resilience`) start and stop: a PostgreSQL cluster of
// their own (initdb into a temporary directory, run as the `postgres` user), a Redis, instances
// of the built server (apps/server/dist) as child processes, HAProxy in front of them, and a slow
// OpenAI-compatible model on loopback. Everything listens on 127.0.0.1 and free ports; every
// process is stopped by its own PID in `stopAll()`, also when a test fails.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { serverRoot } from '../../src/server-root.js';

const pgBin = '/usr/lib/postgresql/15/bin';
export const adminAccount = 'resilience@example.com';
export const adminPassword = 'Resilience-1';

/** Cleanups of everything started, run newest first by stopAll(). */
const cleanups: Array<() => Promise<void> | void> = [];

export async function stopAll() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('resilience cleanup failed:', error);
    }
  }
}

export function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `library-resilience-${prefix}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited in `graceMs`. */
async function stopChild(child: ChildProcess, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        process.kill(child.pid, name);
      }
    } catch {
      // it exited meanwhile
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

// ---- PostgreSQL --------------------------------------------------------------------------------

export interface PostgresCluster {
  url: string;
  port: number;
  /** pg_ctl stop -m fast: open connections are terminated, as a restart or failover does */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A throwaway cluster: initdb as `postgres` into a temporary directory, on a free port. */
export async function startPostgres(): Promise<PostgresCluster> {
  const root = tempDir('pg');
  const data = path.join(root, 'data');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  fs.chownSync(root, uid, gid);
  // we run as root, and PostgreSQL refuses to: its programs run as the `postgres` user
  const asPostgres = (command: string, args: string[]) =>
    promisify(execFile)('runuser', ['-u', 'postgres', '--', path.join(pgBin, command), ...args], {
      timeout: 60_000,
    });
  await asPostgres('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  const pidFile = path.join(data, 'postmaster.pid');
  const log = path.join(root, 'log');
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
    },
    stop: async () => {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
  };
  // registered first: a start that fails half-way may still leave a postmaster running
  cleanups.push(async () => {
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    await cluster.stop().catch(() => {
      // pg_ctl failed: stop the postmaster by its PID (immediate shutdown)
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    });
  });
  await cluster.start();
  return cluster;
}

// ---- Redis -------------------------------------------------------------------------------------

export async function startRedis(): Promise<string> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  cleanups.push(() => stopChild(child));
  await waitFor('redis', () => canConnect(port), 10_000);
  return `redis://127.0.0.1:${port}`;
}

function canConnect(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// ---- the built server --------------------------------------------------------------------------

let buildCopy: string | null = null;

/**
 * The built server, copied once per test file: a build started by someone else meanwhile
 * (`npm run build` empties dist/) must not pull the modules from under running instances. The
 * copy sits inside apps/server so the bundle still finds its packages and its migrations.
 */
function serverMain(): string {
  if (!buildCopy) {
    const dist = path.join(serverRoot, 'dist');
    if (!fs.existsSync(path.join(dist, 'main.js'))) {
      throw new Error('apps/server/dist/main.js is missing: run `npm run build -w apps/server`');
    }
    const cache = path.join(serverRoot, 'node_modules', '.cache');
    fs.mkdirSync(cache, { recursive: true });
    const copy = fs.mkdtempSync(path.join(cache, 'resilience-'));
    fs.cpSync(dist, copy, { recursive: true });
    cleanups.push(() => fs.rmSync(copy, { recursive: true, force: true }));
    buildCopy = copy;
  }
  return path.join(buildCopy, 'main.js');
}

export interface Instance {
  name: string;
  port: number;
  pid: number;
  /** the process's log lines so far (JSON from pino) */
  log: string[];
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startInstance(
  name: string,
  env: Record<string, string>,
  { port }: { port?: number } = {},
): Promise<Instance> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [serverMain()], {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      ADMIN_ACCOUNT: adminAccount,
      ADMIN_PASSWORD: adminPassword,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(os.tmpdir(), 'library-resilience-no-web'),
      ...env,
    },
  });
  const log: string[] = [];
  let ready = false;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      log.push(line);
      if (log.length > 2000) log.shift();
      if (line.includes(' ready on ')) ready = true;
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(() => stopChild(child));
  // LOG_LEVEL=warn hides the ready line: the instance is up when it answers
  await waitFor(
    `instance ${name}`,
    async () => {
      if (child.exitCode !== null) {
        throw new Error(`instance ${name} exited (${child.exitCode}):\n${log.join('\n')}`);
      }
      return ready || (await answers(`http://127.0.0.1:${listenPort}/api/health`));
    },
    // a fresh embedded database is created and migrated first: long on a busy machine
    120_000,
  );
  return {
    name,
    port: listenPort,
    pid: child.pid ?? 0,
    log,
    exited,
    async kill(signal) {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, signal);
      await exited;
    },
  };
}

async function answers(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

// ---- HAProxy -----------------------------------------------------------------------------------

/**
 * HAProxy on a free port in front of the instances: round robin, health checks on /api/ready
 * every second, a refused connection retried on the other server, and the answering server's
 * name in `x-served-by`.
 */
export async function startHaproxy(instances: Instance[]): Promise<string> {
  const port = await freePort();
  const dir = tempDir('haproxy');
  const config = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    `global
  maxconn 4000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # a WebSocket (live editing) once upgraded: it may stay quiet far longer than a request
  timeout tunnel 1h
  timeout http-request 10s
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend library
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  # a busy instance may take a while to answer; a dead one refuses at once
  timeout check 5s
  default-server inter 1s fall 3 rise 2
  http-response set-header x-served-by %[srv_name]
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`,
  );
  execFileSync('haproxy', ['-c', '-q', '-f', config], { stdio: 'pipe' });
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  cleanups.push(() => stopChild(child));
  const base = `http://127.0.0.1:${port}`;
  // up once both servers have answered through it
  const seen = new Set<string>();
  await waitFor(
    'haproxy with every server up',
    async () => {
      const response = await fetch(`${base}/api/ready`).catch(() => null);
      const server = response?.headers.get('x-served-by');
      await response?.arrayBuffer();
      if (response?.ok && server) seen.add(server);
      return seen.size === instances.length;
    },
    20_000,
  );
  return base;
}

// ---- a slow model ------------------------------------------------------------------------------

/**
 * An OpenAI-compatible model on loopback that takes its time: a streamed answer of `pieces`
 * pieces `pieceDelayMs` apart, embeddings after `embeddingDelayMs` — so answers are mid-stream
 * and index jobs mid-run when an instance is killed.
 */
export async function startSlowModel(options: {
  pieces: number;
  pieceDelayMs: number;
  embeddingDelayMs: number;
}) {
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += String(part);
    const body = (raw ? JSON.parse(raw) : {}) as { input?: string[]; stream?: boolean };
    if (req.url === '/v1/embeddings') {
      await sleep(options.embeddingDelayMs);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: (body.input ?? []).map((text, index) => ({
            index,
            embedding: [text.length % 7, 1, 1],
          })),
        }),
      );
      return;
    }
    if (req.url !== '/v1/chat/completions' || body.stream !== true) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < options.pieces && !res.destroyed; i += 1) {
      res.write(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: `第${i}段。` } }] })}\n\n`,
      );
      await sleep(options.pieceDelayMs);
    }
    if (!res.destroyed) res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1`;
}
