// A fast model of the product's keyword retrieval for trying changes: the product's own
// chunker, passage terms, question terms and referDocsOf, with the BM25 of retrieval.repo.ts
// (seeded candidates included) computed in memory instead of in SQL. On CMRC 2018 and DRCD it
// gives the figures of ai-scripts.bench.ts exactly (docs/decisions/ai.md, "the section's tail")
// in about 20 s instead of several minutes; a change it favours is then confirmed through the
// product by that bench. Beside recall and the first snippet it counts how often the first
// reference's block holds the answer (each sentence of these sets is a block of its own).
// BENCH_AI_ORACLE=n shows the ceiling of a rerank model choosing the cited sentence;
// BENCH_RERANK_URL, BENCH_RERANK_MODEL [and BENCH_RERANK_KEY] measure a real one.
//   [BENCH_AI_EVERY=n] [BENCH_AI_ORACLE=n] npx tsx --conditions=@library/source apps/server/bench/ai-model.ts [cmrc|drcd|both] [records.json]
import fs from 'node:fs';
import type { FastifyLogFn } from 'fastify';
import { chunkPage } from '../src/modules/ai/chunker.js';
import { passageTerms, questionTerms } from '../src/modules/ai/passage-terms.js';
import { referDocsOf } from '../src/modules/ai/answer.js';
import { scoreSentences } from '../src/modules/ai/citation.js';
import { citedByRerank } from '../src/modules/ai/citation-rerank.js';
import type { ActiveProvider } from '../src/modules/ai/provider.service.js';
import { bm25 } from '../src/modules/ai/retrieval.repo.js';
import type { Passage } from '../src/modules/ai/retrieval.js';
import { termFrequencies } from '../src/infra/search/tokenizer.js';
import { out } from './report.js';
import {
  blockHolds,
  loadCmrc,
  loadDrcd,
  passageOf,
  sentenceBlocks,
  toSimplified,
  toTraditional,
  type Article,
} from '../test/cmrc.js';

interface IndexedChunk {
  passage: Passage;
  tf: Map<string, number>;
  dl: number;
}

let nextId = 1;
function buildIndex(articles: Article[]) {
  const chunks: IndexedChunk[] = [];
  const df = new Map<string, number>();
  const postings = new Map<string, IndexedChunk[]>();
  let total = 0;
  articles.forEach((article, pageNo) => {
    for (const chunk of chunkPage(article.title, sentenceBlocks(article))) {
      const terms = [
        ...passageTerms(chunk.text),
        ...passageTerms(article.title),
        ...passageTerms(chunk.headingPath),
      ];
      const indexed: IndexedChunk = {
        passage: passageOf(article, chunk, nextId++, `p${pageNo}`),
        tf: termFrequencies(terms),
        dl: terms.length,
      };
      total += terms.length;
      chunks.push(indexed);
      for (const term of indexed.tf.keys()) {
        df.set(term, (df.get(term) ?? 0) + 1);
        const list = postings.get(term) ?? [];
        list.push(indexed);
        postings.set(term, list);
      }
    }
  });
  const n = Math.max(chunks.length, 1);
  return {
    chunks,
    df,
    postings,
    n,
    avgdl: Math.max(total / n, 1),
    postingRows: [...postings.values()].reduce((sum, list) => sum + list.length, 0),
  };
}
type Index = ReturnType<typeof buildIndex>;

function rank(index: Index, question: string, limit: number): Passage[] {
  const { k1, b } = bm25;
  const w = questionTerms(question)
    .filter((item) => index.df.has(item.term))
    .map((item) => {
      const df = index.df.get(item.term)!;
      return {
        term: item.term,
        selective: df <= Math.max(1000, index.n / 100),
        idf: Math.log(1 + Math.max(index.n - df + 0.5, 0.5) / (df + 0.5)) * item.weight,
      };
    });
  if (w.length === 0) return [];
  const anySelective = w.some((item) => item.selective);
  const part = (term: { term: string; idf: number }, chunk: IndexedChunk) => {
    const tf = chunk.tf.get(term.term) ?? 0;
    return (term.idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * chunk.dl) / index.avgdl));
  };
  const order = (x: { c: IndexedChunk; s: number }, y: { c: IndexedChunk; s: number }) =>
    y.s - x.s || x.c.passage.chunkId - y.c.passage.chunkId;
  const scoreOver = (terms: typeof w) => {
    const scores = new Map<IndexedChunk, number>();
    for (const term of terms) {
      for (const chunk of index.postings.get(term.term) ?? []) {
        scores.set(chunk, (scores.get(chunk) ?? 0) + part(term, chunk));
      }
    }
    return [...scores].map(([c, s]) => ({ c, s }));
  };
  const seeding = w.filter((item) => item.selective || !anySelective);
  const others = w.filter((item) => !(item.selective || !anySelective));
  const seeds = scoreOver(seeding).sort(order).slice(0, 300);
  const scored = seeds
    .map(({ c, s }) => ({ c, s: s + others.reduce((sum, term) => sum + part(term, c), 0) }))
    .sort(order);
  // every passage is visible here: the seeded ranking is what the product returns
  return scored.slice(0, limit).map(({ c, s }) => ({ ...c.passage, score: s }));
}

interface QuestionRecord {
  question: string;
  answers: string[];
  /** the first returned passage holding an answer (-1: none) */
  rank: number;
  snippet: string;
  snippetHit: boolean;
  /** the first reference's block holds the start of an answer */
  blockHit: boolean;
  first: Passage | null;
}

/** Where the sentence holding an answer's start begins, when it is among the citation model's
 *  first `among` sentences of the passage: what a rerank model that always chose right would cite. */
function oracleCited(passage: Passage, question: string, answers: string[], among: number) {
  const at = answers.map((answer) => passage.text.indexOf(answer)).find((i) => i >= 0);
  if (at === undefined) return undefined;
  return scoreSentences(passage, question)
    .sort((a, b) => b.score - a.score)
    .slice(0, among)
    .find((sentence) => sentence.start <= at && at < sentence.start + sentence.text.length)?.start;
}

/** BENCH_AI_ORACLE=n: the first reference cites as a rerank model that always chose right
 *  among the citation model's first n sentences would (the ceiling of citation-rerank.ts) */
const oracle = Number(process.env.BENCH_AI_ORACLE ?? 0);

/** BENCH_RERANK_URL and BENCH_RERANK_MODEL (BENCH_RERANK_KEY if it needs one): the first
 *  reference cites as that rerank model chooses (citation-rerank.ts), one call a question */
const reranker: ActiveProvider | null =
  process.env.BENCH_RERANK_URL && process.env.BENCH_RERANK_MODEL
    ? {
        row: { rerankModel: process.env.BENCH_RERANK_MODEL } as ActiveProvider['row'],
        endpoint: {
          baseUrl: process.env.BENCH_RERANK_URL,
          apiKey: process.env.BENCH_RERANK_KEY ?? null,
        },
      }
    : null;
/** a failed rerank call stops the measurement rather than falling back unseen */
const rerankLog = {
  warn: ((...args: unknown[]) => {
    throw new Error(`${String(args[1])}: ${String((args[0] as { err?: unknown }).err)}`);
  }) as FastifyLogFn,
};

async function evaluateModel(index: Index, articles: Article[], ask = (q: string) => q) {
  const records: QuestionRecord[] = [];
  for (const article of articles) {
    for (const paragraph of article.paragraphs) {
      for (const qa of paragraph.qas) {
        const question = ask(qa.question);
        const passages = rank(index, question, 40).slice(0, 10);
        const answers = qa.answers.map((answer) => answer.text.trim()).filter(Boolean);
        const r = passages.findIndex((p) => answers.some((answer) => p.text.includes(answer)));
        const top = passages[0];
        const citedAt =
          top && oracle
            ? [oracleCited(top, question, answers, oracle)]
            : await citedByRerank(reranker, question, passages.slice(0, 1), { log: rerankLog });
        const first = referDocsOf('s', question, passages.slice(0, 1), citedAt)[0];
        const snippetHit = !!first && answers.some((answer) => first.snippet.includes(answer));
        const blockHit = !!first && !!top && blockHolds(top, first.blockId, answers);
        records.push({
          question,
          answers,
          rank: r,
          snippet: first?.snippet ?? '',
          snippetHit,
          blockHit,
          first: top ?? null,
        });
      }
    }
  }
  const q = records.length;
  return {
    records,
    recallAt1: records.filter((r) => r.rank === 0).length / q,
    recallAt5: records.filter((r) => r.rank >= 0 && r.rank < 5).length / q,
    mrr: records.reduce((s, r) => s + (r.rank >= 0 ? 1 / (r.rank + 1) : 0), 0) / q,
    snippet: records.filter((r) => r.snippetHit).length / q,
    block: records.filter((r) => r.blockHit).length / q,
    both: records.filter((r) => r.blockHit && r.snippetHit).length / q,
    questions: q,
  };
}

const which = process.argv[2] ?? 'both';
/** every n-th article only, as ai-scripts.bench.ts (the test suite's subsets: 8 for CMRC, 16 for DRCD) */
const every = Number(process.env.BENCH_AI_EVERY ?? 1);
const dump = process.argv[3];
const dumped: QuestionRecord[][] = [];
for (const [name, load, other] of [
  ['cmrc', loadCmrc, toTraditional],
  ['drcd', loadDrcd, toSimplified],
] as const) {
  if (which !== 'both' && which !== name) continue;
  const articles = load().filter((_article, i) => i % every === 0);
  const index = buildIndex(articles);
  for (const [label, ask] of [
    ['same script', undefined],
    ['other script', other],
  ] as const) {
    const r = await evaluateModel(index, articles, ask);
    out(
      `${name} ${label}: recall@1 ${r.recallAt1.toFixed(3)}, recall@5 ${r.recallAt5.toFixed(3)}, ` +
        `MRR ${r.mrr.toFixed(3)}, snippet ${r.snippet.toFixed(3)}, block ${r.block.toFixed(3)}, ` +
        `snippet and block ${r.both.toFixed(3)} (${r.questions} questions, ` +
        `${index.chunks.length} chunks, ${index.postingRows} postings)`,
    );
    if (ask === undefined) dumped.push(r.records);
  }
}
if (dump) fs.writeFileSync(dump, JSON.stringify(dumped));
