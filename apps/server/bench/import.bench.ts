// Imports through the real routes: POST /api/v1/space/{id}/import stores the
// upload and queues the transfer, its job (run here in the same process) does the import.
// Two archives in one run, each measured as the process's peak RSS (sampled every 20 ms, from
// the upload's first byte to the transfer's end) against the RSS just before it:
// 1. 1,000 Markdown files (10 folders of 100 pages with headings, lists, a table and links to
//    neighbouring pages): pages per second and peak RSS;
// 2. a 200 MB archive (BENCH_ARCHIVE_MB): 100 Markdown pages, each linking its attachment, and
//    incompressible attachments making up the rest — the upload, the temp copy and the files
//    stream, so the growth must stay under 100 MB.
//   npx tsx --conditions=@library/source apps/server/bench/import.bench.ts
// PGlite in memory by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL. BENCH_PAGES (1000).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { Transfer } from '@library/contract';
import { openBenchApp } from './bench-app.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { out } from './report.js';

const pageCount = Number(process.env.BENCH_PAGES ?? 1000);
const archiveMb = Number(process.env.BENCH_ARCHIVE_MB ?? 200);
const mb = 1024 * 1024;

function page(folder: number, index: number): string {
  const next = `第${index + 1}页.md`;
  return `# 规章制度 ${folder}-${index}

本页说明第 ${index} 条制度的适用范围、责任部门和执行要求，便于新员工查阅。

## 适用范围

- 总部各部门
- 各分公司
  - 华东区
  - 华南区

## 责任分工

| 部门 | 职责 | 联系人 |
| - | - | - |
| 人事部 | 制度解释 | 王芳 |
| 行政部 | 执行监督 | 李强 |

\`\`\`
流程编号: ${folder}-${index}
\`\`\`

参见[下一页](${next})与[首页](../首页.md)。
`;
}

/** Writes a .zip to `file` as it streams (nothing of it held in memory). */
async function writeZip(
  file: string,
  fill: (add: (source: string | Readable, name: string, store?: boolean) => void) => void,
) {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const done = new Promise<void>((resolve, reject) => {
    const sink = fs.createWriteStream(file);
    sink.on('close', resolve);
    archive.on('error', reject);
    archive.pipe(sink);
  });
  fill((source, name, store = false) => archive.append(source, { name, store }));
  await archive.finalize();
  await done;
  return fs.statSync(file).size;
}

/** `bytes` of incompressible data, made as it is read. */
function randomBytes(bytes: number): Readable {
  let left = bytes;
  return new Readable({
    read() {
      const size = Math.min(left, 256 * 1024);
      left -= size;
      this.push(size > 0 ? crypto.randomBytes(size) : null);
    },
  });
}

async function main() {
  const { database, db, app, dataDir, close } = await openBenchApp();
  try {
    // an address of this run's own: a PostgreSQL database keeps the users of earlier runs
    const user = await createUser(db, {
      nickname: '导入基准',
      email: `import-${crypto.randomUUID()}@bench.example`,
    });
    const { token } = await issueToken(
      db,
      user.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const headers = { authorization: `Bearer ${token}` };

    /** Uploads `archive` into a new space and runs its transfer; time, pages and RSS. */
    async function importArchive(archive: string) {
      const space = await createSpace(db, user.id, { name: `导入基准 ${path.basename(archive)}` });
      const boundary = '----librarybench';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.zip"\r\nContent-Type: application/zip\r\n\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      async function* body() {
        yield Buffer.from(head);
        for await (const chunk of fs.createReadStream(archive)) yield chunk as Buffer;
        yield Buffer.from(tail);
      }
      // what earlier work left queued (the index jobs of the first import) runs before
      await app.jobs.drain();
      global.gc?.();
      const base = process.memoryUsage.rss();
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 20);
      const loadBefore = os.loadavg()[0]!;
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/space/${space.id}/import`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Readable.from(body()),
      });
      const queued = res.json() as { code: number; data: Transfer };
      if (queued.code !== 0) throw new Error(`import refused: ${res.body}`);
      const uploaded = performance.now();
      // the transfer's job is the first due; the index jobs it queues are left for later
      let transfer = queued.data;
      while (transfer.status === 'queued' || transfer.status === 'running') {
        await app.jobs.runNext();
        const answer = await app.inject({
          method: 'GET',
          url: `/api/v1/transfer/${transfer.transferId}`,
          headers,
        });
        transfer = (answer.json() as { data: Transfer }).data;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      if (transfer.status !== 'done') throw new Error(`import failed: ${JSON.stringify(transfer)}`);
      return {
        report: transfer.report!,
        seconds,
        uploadSeconds: (uploaded - started) / 1000,
        base,
        peak,
        load: `${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
      };
    }

    const pagesZip = path.join(dataDir, 'pages.zip');
    let written = 0;
    const pagesSize = await writeZip(pagesZip, (add) => {
      add('# 首页\n\n制度汇编。\n', '首页.md');
      written = 1;
      const folders = Math.max(1, Math.round(pageCount / 100));
      const perFolder = Math.ceil((pageCount - 1) / folders);
      for (let folder = 0; folder < folders; folder += 1) {
        for (let index = 0; index < perFolder && written < pageCount; index += 1, written += 1) {
          add(page(folder, index), `制度${folder}/第${index}页.md`);
        }
      }
    });

    const bigZip = path.join(dataDir, 'big.zip');
    const attachments = 20;
    const attachmentBytes = Math.floor((archiveMb * 1_000_000 - 200_000) / attachments);
    const bigSize = await writeZip(bigZip, (add) => {
      for (let index = 0; index < 100; index += 1) {
        const file = `附件/资料${index % attachments}.dat`;
        add(`# 资料说明 ${index}\n\n见[附件](../${file})。\n`, `说明/第${index}页.md`);
      }
      for (let index = 0; index < attachments; index += 1) {
        add(randomBytes(attachmentBytes), `附件/资料${index}.dat`, true);
      }
    });

    out(`database: ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}`);
    for (const [label, archive, size] of [
      [`${written} Markdown files`, pagesZip, pagesSize],
      [`100 pages + ${attachments} attachments`, bigZip, bigSize],
    ] as const) {
      const run = await importArchive(archive);
      out(`archive: ${label}, ${(size / 1_000_000).toFixed(1)} MB compressed`);
      out(
        `  imported: ${run.report.pages} pages, ${run.report.topics} topics, ${run.report.files} files`,
      );
      out(
        `  time: ${run.seconds.toFixed(2)} s (upload ${run.uploadSeconds.toFixed(2)} s), ${(run.report.pages / run.seconds).toFixed(0)} pages/s`,
      );
      out(
        `  RSS: ${(run.base / mb).toFixed(0)} MB before, peak ${(run.peak / mb).toFixed(0)} MB (+${((run.peak - run.base) / mb).toFixed(1)} MB)`,
      );
      out(`  load average (1 min): ${run.load}`);
    }
  } finally {
    await close();
  }
}

await main();
