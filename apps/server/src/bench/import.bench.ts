// Imports 1,000 Markdown files (a .zip: 10 folders of 100 pages with headings, lists, a table and
// links to neighbouring pages) through the real route POST /api/v1/space/{id}/import (issue 14
// §5): pages per second and the process's peak RSS while it runs, with the load average.
//   npx tsx --conditions=source apps/server/src/bench/import.bench.ts
// PGlite in memory by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL. BENCH_PAGES (1000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { openBenchApp } from './bench-app.js';
import { issueToken } from '../modules/session/session.service.js';
import { createSpace } from '../modules/space/space.service.js';
import { createUser } from '../modules/user/user.service.js';
import { out } from './report.js';

const pageCount = Number(process.env.BENCH_PAGES ?? 1000);
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

async function main() {
  const { database, db, app, dataDir, close } = await openBenchApp();
  try {
    const user = await createUser(db, { nickname: '导入基准', email: 'import@bench.example' });
    const space = await createSpace(db, user.id, { name: '导入基准' });
    const { token } = await issueToken(
      db,
      user.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const zip = new JSZip();
    zip.file('首页.md', '# 首页\n\n制度汇编。\n');
    const folders = Math.max(1, Math.round(pageCount / 100));
    const perFolder = Math.ceil((pageCount - 1) / folders);
    let written = 1;
    for (let folder = 0; folder < folders; folder += 1) {
      for (let index = 0; index < perFolder && written < pageCount; index += 1, written += 1) {
        zip.file(`制度${folder}/第${index}页.md`, page(folder, index));
      }
    }
    const archive = path.join(dataDir, 'import.zip');
    fs.writeFileSync(
      archive,
      await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
    );
    const size = fs.statSync(archive).size;

    const boundary = '----librarybench';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.zip"\r\nContent-Type: application/zip\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    async function* body() {
      yield Buffer.from(head);
      for await (const chunk of fs.createReadStream(archive)) yield chunk as Buffer;
      yield Buffer.from(tail);
    }

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
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Readable.from(body()),
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    const loadAfter = os.loadavg()[0]!;
    const report = res.json() as { code: number; data: { pages: number; topics: number } };
    if (report.code !== 0) throw new Error(`import failed: ${res.body}`);
    out(`database: ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}`);
    out(`archive: ${written} Markdown files, ${(size / 1024).toFixed(0)} KiB compressed`);
    out(`imported: ${report.data.pages} pages, ${report.data.topics} topics`);
    out(`time: ${seconds.toFixed(2)} s, ${(report.data.pages / seconds).toFixed(0)} pages/s`);
    out(
      `RSS: ${(base / mb).toFixed(0)} MB before, peak ${(peak / mb).toFixed(0)} MB (+${((peak - base) / mb).toFixed(1)} MB)`,
    );
    out(`load average (1 min): ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`);
  } finally {
    await close();
  }
}

await main();
