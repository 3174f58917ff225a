// Times GET /api/v3/search over many pages (target: p95 under 100 ms on PostgreSQL and
// 300 ms on PGlite at 100,000 pages) beside the raw SQL of the same ranking, in the same run.
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=@library/source apps/server/bench/search.bench.ts
// PGlite (in a data directory, as the server keeps it) by default. BENCH_SEARCH_PAGES (100000) pages, each a CMRC 2018 sentence or two
// under a title of its article (so words repeat as in a real library), in one space whose
// caller edits (drafts searched); their search documents and postings are written in bulk from
// the same `documentTerms` the index job uses, dated one a minute back from now (so the
// updated-date filter keeps a part). Postings are loaded as a bulk load is done: the table's
// keys dropped, 20,000 rows a statement (one JSON parameter), keys rebuilt after.
// BENCH_RUNS (30) timed runs after 5 warm-ups. Use a throwaway database on PostgreSQL.
// BENCH_SEARCH_KEEP=1 keeps the loaded pages for the next run and reuses them when they are there
// (loading 100,000 pages takes many minutes): on PostgreSQL the bench space stays in the database;
// PGlite keeps its data directory in <tmpdir>/library-search-bench-<pages> (delete it by hand).
// Migrations still run on a kept database, so a changed index is rebuilt as on a real server.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openBenchApp } from './bench-app.js';
import { searchDocs, searchPostings, spaceNodes, spaces } from '../src/db/schema/index.js';
import { parseKeywords } from '../src/infra/search/search-terms.js';
import { documentTerms } from '../src/modules/search/search.index.js';
import { searchDocuments } from '../src/modules/search/search.repo.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { foldText } from '../src/infra/search/search-terms.js';
import { loadCmrc } from '../test/cmrc.js';
import { out, timeRuns } from './report.js';

const pageCount = Number(process.env.BENCH_SEARCH_PAGES ?? 100_000);

/** search_postings' keys as migrations 0017, 0022 and 0025 made them: dropped while loading, rebuilt after. */
const postingsKeys = [
  {
    drop: 'alter table search_postings drop constraint search_postings_doc_id_search_docs_id_fk',
    add: `alter table search_postings add constraint search_postings_doc_id_search_docs_id_fk
      foreign key (doc_id) references search_docs(id) on delete cascade`,
  },
  {
    drop: 'alter table search_postings drop constraint search_postings_term_doc_id_pk',
    add: `alter table search_postings add constraint search_postings_term_doc_id_pk
      primary key (term, doc_id) include (tf, length)`,
  },
  {
    drop: 'drop index search_postings_doc_idx',
    add: 'create index search_postings_doc_idx on search_postings (doc_id)',
  },
];
const runs = Number(process.env.BENCH_RUNS ?? 30);
const keep = process.env.BENCH_SEARCH_KEEP === '1';
const spaceName = `搜索基准空间 ${pageCount}`;

async function main() {
  const { database, db, app, close } = await openBenchApp('library-search-bench-', {
    pgliteOnDisk: true,
    ...(keep ? { pgliteDir: path.join(os.tmpdir(), `library-search-bench-${pageCount}`) } : {}),
  });
  let spaceId: string | null = null;
  try {
    const [kept] = keep
      ? await db
          .select({ id: spaces.id, ownerId: spaces.ownerId })
          .from(spaces)
          .where(sql`${spaces.name} = ${spaceName} and ${spaces.deletedAt} is null`)
      : [];
    const user = kept
      ? { id: kept.ownerId }
      : await createUser(db, { nickname: '搜索基准', email: `search-${Date.now()}@bench.example` });
    const space = kept ?? (await createSpace(db, user.id, { name: spaceName }));
    spaceId = space.id;
    const { token } = await issueToken(
      db,
      user.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const sentences = loadCmrc().flatMap((article) =>
      article.paragraphs.flatMap((paragraph) =>
        (paragraph.context.match(/[^。！？]+[。！？]?/g) ?? []).map((text) => ({
          title: article.title,
          text,
        })),
      ),
    );
    const started = performance.now();
    const [newest] = kept
      ? await db
          .select({ at: sql<string>`max(${searchDocs.updatedAt})` })
          .from(searchDocs)
          .where(sql`${searchDocs.spaceId} = ${space.id}`)
      : [];
    const started0 = newest ? new Date(newest.at).getTime() : Date.now();
    if (kept) out(`  reusing the ${pageCount} pages kept by an earlier run`);
    else await load();
    async function load() {
      const batch = 500;
      const postingsPerStatement = 20_000;
      const pending: Array<[string, number, number, number]> = [];
      const insertPostings = (rows: Array<[string, number, number, number]>) =>
        db.execute(sql`insert into search_postings (term, doc_id, tf, length)
        select r->>0, (r->>1)::bigint, (r->>2)::real, (r->>3)::int
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r`);
      for (const key of postingsKeys) await db.execute(sql.raw(key.drop));
      for (let from = 0; from < pageCount; from += batch) {
        const n = Math.min(batch, pageCount - from);
        const items = Array.from({ length: n }, (_, i) => {
          const k = from + i;
          const a = sentences[k % sentences.length]!;
          const b = sentences[(k * 7 + 3) % sentences.length]!;
          return { title: `${a.title} ${k}`, body: `${a.text}\n${b.text}\n` };
        });
        const nodes = await db
          .insert(spaceNodes)
          .values(
            items.map((item, i) => ({
              spaceId: space.id,
              type: 'page' as const,
              name: item.title,
              position: `b${String(from + i).padStart(7, '0')}`,
              createdBy: user.id,
            })),
          )
          .returning({ id: spaceNodes.id });
        const terms = items.map((item) => documentTerms(item.title, item.body));
        const docs = await db
          .insert(searchDocs)
          .values(
            items.map((item, i) => ({
              type: 'page',
              variant: 'draft',
              objectId: nodes[i]!.id,
              spaceId: space.id,
              nodeId: nodes[i]!.id,
              title: item.title,
              body: item.body,
              folded: foldText(`${item.title}\n${item.body}`),
              length: terms[i]!.length,
              hash: 'bench',
              authorId: user.id,
              updatedAt: new Date(started0 - (from + i) * 60_000),
            })),
          )
          .returning({ id: searchDocs.id });
        pending.push(
          ...terms.flatMap((t, i) =>
            [...t.counts].map(([term, tf]): [string, number, number, number] => [
              term,
              docs[i]!.id,
              tf,
              t.length,
            ]),
          ),
        );
        while (
          pending.length >= postingsPerStatement ||
          (pending.length > 0 && from + n >= pageCount)
        ) {
          await insertPostings(pending.splice(0, postingsPerStatement));
        }
        if ((from / batch) % 20 === 0) out(`  ${from + n} pages…`);
      }
      out('  rebuilding the postings keys…');
      for (const key of postingsKeys) await db.execute(sql.raw(key.add));
      // as autovacuum leaves a settled table: statistics and the visibility map (index-only scans)
      await db.execute(sql`vacuum analyze search_docs`);
      await db.execute(sql`vacuum analyze search_postings`);
      await db.execute(sql`vacuum analyze space_nodes`);
    }
    const counted = await db.select({ postings: sql<number>`count(*)::int` }).from(searchPostings);
    const postings = counted[0]?.postings ?? 0;
    out(`database: ${database.kind}; ${pageCount} pages, ${postings} postings`);
    out(`loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    out(
      `load average: ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );

    const cases = [
      { label: 'a word (历史)', keywords: '历史' },
      { label: 'two words (足球 比赛)', keywords: '足球 比赛' },
      { label: 'a single character (龙)', keywords: '龙' },
      { label: 'pinyin initials (zg)', keywords: 'zg' },
      { label: 'a question (CMRC)', keywords: sentences[123]!.text.slice(0, 30) },
      { label: 'a phrase ("中华人民共和国")', keywords: '"中华人民共和国"' },
      { label: 'no match (不存在的词语)', keywords: '龘靐齉' },
      {
        label: 'a word, by author, past 30 days',
        keywords: '历史',
        filters: { authorId: user.id, updatedAfter: new Date(started0 - 30 * 86_400_000) },
      },
    ];
    const fmt = (s: { median: number; p95: number }) =>
      `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
    const line = (label: string, value: string) => out(`  ${label.padEnd(30)}${value}`);
    let worstP95 = 0;
    for (const entry of cases) {
      const parsed = parseKeywords(entry.keywords);
      const scope = {
        callerId: user.id,
        editorSpaces: [space.id],
        readerSpaces: [],
        visitorSpaces: [],
        notes: true,
        ...entry.filters,
      };
      const filterQuery = entry.filters
        ? `&authorId=${entry.filters.authorId}&updatedAfter=${entry.filters.updatedAfter.toISOString()}`
        : '';
      const raw = () => searchDocuments(db, scope, parsed.terms, parsed.phrases, 0, 20);
      const request = () =>
        app.inject({
          method: 'GET',
          url: `/api/v3/search?keywords=${encodeURIComponent(entry.keywords)}${filterQuery}`,
          headers: { authorization: `Bearer ${token}` },
        });
      const first = await request();
      if (first.statusCode !== 200) throw new Error(`search answered ${first.statusCode}`);
      const total = first.json().data.total as number;
      const api = await timeRuns(request, runs);
      const sqlOnly = await timeRuns(raw, runs);
      worstP95 = Math.max(worstP95, api.p95);
      out(`${entry.label}: ${total} match`);
      line('ranking SQL:', fmt(sqlOnly));
      line('GET /api/v3/search:', fmt(api));
    }
    out(`worst p95 of the API: ${worstP95.toFixed(1)} ms`);
    out(
      `load average: ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    if (spaceId && database.kind === 'postgres' && !keep) {
      await db.execute(sql`delete from spaces where id = ${spaceId}`);
    }
    await close();
  }
}

await main();
