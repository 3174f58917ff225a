// Uploads a 1 GiB file through the real HTTP route (multipart body streamed over loopback, in
// this process) into local storage, and compares it with a plain stream copy of the same file on
// the same disk in the same run: peak RSS growth must stay under 100 MB and the
// throughput ratio upload/copy should be at least 0.5.
//   npx tsx --conditions=@library/source apps/server/bench/files.bench.ts
// BENCH_FILE_MB (1024) changes the size. PGlite in memory; the files go to a temp DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { wrapPglite } from '../src/db/database.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { out } from './report.js';

const mb = 1024 * 1024;
const fileBytes = Number(process.env.BENCH_FILE_MB ?? 1024) * mb;
const rssLimit = 100 * mb;
const ratioTarget = 0.5;

/** Writes `bytes` of incompressible data (a random MiB varied per MiB) to `file`. */
async function writeSource(file: string, bytes: number) {
  const block = crypto.randomBytes(mb);
  await pipeline(
    Readable.from(
      (function* () {
        for (let offset = 0; offset < bytes; offset += mb) {
          const chunk = Buffer.from(block);
          chunk.writeUInt32BE(offset / mb, 0);
          yield chunk.subarray(0, Math.min(mb, bytes - offset));
        }
      })(),
    ),
    fs.createWriteStream(file),
  );
}

/** Samples RSS every 20 ms while `fn` runs; answers its duration and the peak RSS growth. */
async function measure(fn: () => Promise<void>) {
  global.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, process.memoryUsage.rss());
  return { seconds, growth: peak - base };
}

/** POSTs the file as multipart/form-data, streamed from disk; answers the parsed response. */
function upload(port: number, url: string, token: string, source: string, size: number) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="基准文件.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: { code: number; data: { size: number } } }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + size + tail.length,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.write(head);
      const file = fs.createReadStream(source, { highWaterMark: mb });
      file.on('error', reject);
      file.on('end', () => request.end(tail));
      file.pipe(request, { end: false });
    },
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-bench-files-'));
  const database = wrapPglite(await PGlite.create());
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
    FILE_MAX_BYTES: String(fileBytes * 2),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    const user = await createUser(database.db, {
      nickname: '基准测试',
      email: `bench-${Date.now()}@example.com`,
    });
    const { token } = await issueToken(
      database.db,
      user.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const space = await createSpace(database.db, user.id, { name: '基准空间' });
    const source = path.join(dataDir, 'source.bin');
    await writeSource(source, fileBytes);

    // the baseline: a plain stream copy on the same disk, flushed like the local driver does
    const copy = await measure(async () => {
      await pipeline(
        fs.createReadStream(source, { highWaterMark: mb }),
        fs.createWriteStream(path.join(dataDir, 'copy.bin'), { flush: true }),
      );
    });
    fs.rmSync(path.join(dataDir, 'copy.bin'));

    let status = 0;
    let storedSize = 0;
    const uploaded = await measure(async () => {
      const res = await upload(port, `/api/v3/space/${space.id}/file`, token, source, fileBytes);
      status = res.status;
      storedSize = res.body.data.size;
    });
    if (status !== 200 || storedSize !== fileBytes) {
      throw new Error(`upload failed: HTTP ${status}, stored ${storedSize} bytes`);
    }

    const mbps = (seconds: number) => (fileBytes / mb / seconds).toFixed(0);
    const ratio = copy.seconds / uploaded.seconds;
    out(`file size                 ${(fileBytes / mb).toFixed(0)} MiB`);
    out(`plain copy (baseline)     ${copy.seconds.toFixed(2)} s  ${mbps(copy.seconds)} MiB/s`);
    out(
      `upload (HTTP, multipart)  ${uploaded.seconds.toFixed(2)} s  ${mbps(uploaded.seconds)} MiB/s`,
    );
    out(`throughput ratio          ${ratio.toFixed(2)}  (target >= ${ratioTarget})`);
    out(
      `peak RSS growth           ${(uploaded.growth / mb).toFixed(1)} MB during the upload` +
        `  (limit ${rssLimit / mb} MB; copy: ${(copy.growth / mb).toFixed(1)} MB)`,
    );
    const passed = uploaded.growth < rssLimit && ratio >= ratioTarget;
    out(passed ? 'files bench: within targets' : 'files bench: OUTSIDE targets');
    if (!passed) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
