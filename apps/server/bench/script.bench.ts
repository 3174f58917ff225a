// 简体 ↔ 繁體 of a 2,000-block page (CMRC 2018 sentences, with bold runs, links, inline code,
// code blocks and tables): `convertBlocks` to Taiwan's Traditional and back, in ms per page and
// blocks/s, beside OpenCC's own converters (s2twp; tw2sp then hk2s) over the same text joined
// into one string, in the same run; then the whole `POST /api/v1/ai/convert` in place on that
// page (its draft read, converted and written back as one update).
//   npx tsx --conditions=@library/source apps/server/bench/script.bench.ts
// PGlite in memory by default (BENCH_DATABASE_URL=postgres://… for PostgreSQL); BENCH_RUNS (5).
import type { Block } from '@library/contract';
import * as OpenCC from 'opencc-js';
import { convertBlocks, convertText } from '../src/modules/ai/script.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { benchCaller, loadCmrc } from '../test/cmrc.js';
import { upsertChanges } from '../test/factories.js';
import { openBenchApp } from './bench-app.js';
import { loadAverage, out, stats } from './report.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const blockCount = 2000;

const text = (value: string, styles: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  styles,
});

/** The page: one block per CMRC sentence, its text cut into runs, some of them bold or links. */
function buildPage(): Block[] {
  const sentences = loadCmrc()
    .flatMap((article) => article.paragraphs)
    .flatMap((paragraph) => paragraph.context.match(/[^。！？]+[。！？]?/g) ?? [])
    .filter((sentence) => sentence.trim());
  const blocks: Block[] = [];
  for (let i = 0; blocks.length < blockCount; i += 1) {
    const sentence = sentences[i % sentences.length]!;
    const id = `b${blocks.length}`;
    if (i % 50 === 49) {
      blocks.push({
        id,
        type: 'codeBlock',
        props: { language: 'python' },
        content: [text(`# ${sentence}\nprint("软件")`)],
        children: [],
      });
    } else if (i % 100 === 99) {
      const cell = (value: string) => ({ type: 'tableCell', props: {}, content: [text(value)] });
      blocks.push({
        id,
        type: 'table',
        props: {},
        content: {
          type: 'tableContent',
          rows: [
            { cells: [cell(sentence.slice(0, 10)), cell(sentence.slice(10, 20))] },
            { cells: [cell(sentence.slice(20, 30)), cell(sentence.slice(30))] },
          ],
        },
        children: [],
      });
    } else {
      const pieces = sentence.match(/[\s\S]{1,13}/g) ?? [];
      blocks.push({
        id,
        type: i % 20 === 0 ? 'heading' : 'paragraph',
        props: i % 20 === 0 ? { level: 2 } : {},
        content: [
          ...pieces.map((piece, k) =>
            k === 1 && i % 5 === 0
              ? { type: 'link', href: `https://example.com/${i}`, content: [text(piece)] }
              : text(piece, k % 2 === 1 ? { bold: true } : {}),
          ),
          ...(i % 7 === 0 ? [text('const 软件 = 1', { code: true })] : []),
        ],
        children: [],
      });
    }
  }
  return blocks;
}

/** Every text the page holds, joined: what OpenCC alone would be given. */
function joinedText(blocks: Block[]): string {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (typeof record.text === 'string') texts.push(record.text);
      for (const key of ['content', 'rows', 'cells', 'children']) walk(record[key]);
    }
  };
  walk(blocks);
  return texts.join('\n');
}

function time(fn: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < 2; i += 1) fn(); // warm-up
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return stats(samples);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  out(`load average before: ${loadAverage()}`);
  const page = buildPage();
  const joined = joinedText(page);
  out(`page: ${page.length} blocks, ${joined.length} characters of text`);

  // first use: the dictionaries load and the tables are built
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let started = performance.now();
  convertText('软件', 'traditional');
  const twpBuild = performance.now() - started;
  started = performance.now();
  convertText('软件', 'traditionalHk');
  const hkBuild = performance.now() - started;
  started = performance.now();
  convertText('軟體', 'simplified');
  const simplifiedBuild = performance.now() - started;
  global.gc?.();
  const heapOurs = process.memoryUsage().heapUsed - heapBefore;
  out(
    `first use: Taiwan ${twpBuild.toFixed(0)} ms, Hong Kong ${hkBuild.toFixed(0)} ms (tables ` +
      `shared), Simplified ${simplifiedBuild.toFixed(0)} ms; heap +${mb(heapOurs)} for all three`,
  );
  started = performance.now();
  const s2twp = OpenCC.Converter({ from: 'cn', to: 'twp' });
  const s2hk = OpenCC.Converter({ from: 'cn', to: 'hk' });
  const tw2sp = OpenCC.Converter({ from: 'twp', to: 'cn' });
  const hk2s = OpenCC.Converter({ from: 'hk', to: 'cn' });
  const officialBuild = performance.now() - started;
  global.gc?.();
  const heapOfficial = process.memoryUsage().heapUsed - heapBefore - heapOurs;
  out(
    `baseline, OpenCC.Converter for the same four configurations: ${officialBuild.toFixed(0)} ms, ` +
      `heap +${mb(heapOfficial)}`,
  );

  const traditionalPage = convertBlocks(page, 'traditional');
  const toTraditional = time(() => convertBlocks(page, 'traditional'));
  const toSimplified = time(() => convertBlocks(traditionalPage, 'simplified'));
  const traditionalText = s2twp(joined);
  const rawTraditional = time(() => s2twp(joined));
  const rawSimplified = time(() => hk2s(tw2sp(traditionalText)));
  const line = (name: string, ours: ReturnType<typeof stats>, raw: ReturnType<typeof stats>) =>
    out(
      `${name}: ${ours.median.toFixed(1)} ms per page (p95 ${ours.p95.toFixed(1)}), ` +
        `${Math.round(blockCount / (ours.median / 1000)).toLocaleString('en')} blocks/s; ` +
        `OpenCC over the joined text ${raw.median.toFixed(1)} ms; ratio ${(ours.median / raw.median).toFixed(2)}`,
    );
  line('to Traditional (Taiwan)', toTraditional, rawTraditional);
  line('back to Simplified', toSimplified, rawSimplified);
  const back = convertBlocks(traditionalPage, 'simplified');
  const unchanged = back.filter((block, i) => JSON.stringify(block) === JSON.stringify(page[i]));
  out(`blocks identical after there and back: ${unchanged.length} of ${page.length}`);
  const rawHk = time(() => s2hk(joined));
  line(
    'to Traditional (Hong Kong)',
    time(() => convertBlocks(page, 'traditionalHk')),
    rawHk,
  );

  // the route, in place: the draft read, converted and written back, its rows and index job
  const { app, db, close } = await openBenchApp('library-script-bench-');
  try {
    const { user, headers, call } = await benchCaller(app, db, '139');
    const space = await createSpace(db, user.id, { name: '转换' });
    const created = await call('POST', `/api/v2/space/${space.id}/page`, headers, { name: '长页' });
    const pageId = (created.body.data as { pageId: string }).pageId;
    const changes = upsertChanges(page);
    const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
      baseRevision: 0,
      changes,
    });
    if (saved.status !== 200) throw new Error(`save: ${JSON.stringify(saved.body)}`);
    for (const action of ['toTraditional', 'toSimplified', 'toTraditional']) {
      started = performance.now();
      const res = await call('POST', '/api/v1/ai/convert', headers, {
        pageId,
        action,
        mode: 'inPlace',
      });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`convert: ${JSON.stringify(res.body)}`);
      out(
        `POST /api/v1/ai/convert in place, ${action}, ${database()}: ${ms.toFixed(0)} ms ` +
          `(${JSON.stringify(res.body.data)})`,
      );
    }
  } finally {
    await close();
  }
  out(`load average after: ${loadAverage()}`);
}

const database = () => (process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite');

await main();
