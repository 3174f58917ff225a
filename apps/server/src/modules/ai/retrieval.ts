// Finds the passages of a space that answer a question: BM25 over the postings of the
// question's terms (the queries in retrieval.repo.ts), plus vector distance when embeddings and
// pgvector are there, fused by reciprocal rank, then optionally reranked by the provider's
// rerank model. Only passages the asker may read come back: drafts only for editors and only
// when the space includes drafts.
import type { Executor } from '../../db/database.js';
import { rerank } from '../../infra/llm/openai-compatible.js';
import type { Audience } from '../space/index.js';
import type { Embedder } from './embedding.js';
import { questionTerms } from './passage-terms.js';
import type { ActiveProvider } from './provider.service.js';
import {
  bm25Rank,
  loadPassages,
  vectorRank,
  type PageScope,
  type Passage,
} from './retrieval.repo.js';

export type { Passage } from './retrieval.repo.js';

/** reciprocal rank fusion constant */
const rrfK = 60;

export interface RetrievalRequest {
  spaceId: string;
  question: string;
  topK: number;
  /** whose passages: `editors` get drafts too (only where the space's AI includes drafts) */
  audience: Audience;
  /** when set, only these pages' passages (a share's pages): never a file's, nor another page's */
  pages?: PageScope;
  /** when set (and the database has pgvector), vector retrieval joins keyword retrieval */
  embedder?: Embedder | null;
  reranker?: ActiveProvider | null;
  signal?: AbortSignal;
}

/**
 * BM25 ranking of the space's chunks the asker may read; best first. Scores come from the
 * postings alone (tf, document length; df from ai_terms) with the space's collection
 * statistics; the postings' primary key carries tf and dl, so no heap page is read.
 *
 * Large spaces: candidates are seeded by the question's selective terms (a term in few chunks;
 * all terms when none is) — their postings are read whole, which scores the candidates exactly
 * on those terms —, then the best `seedCount` get the other terms' weights by one primary-key
 * lookup per candidate and term, so a term found in half the space costs `seedCount` lookups,
 * not a scan. Below `selectiveDf` chunks every term is selective and the ranking is exact. The
 * best are then checked for access; only when too many were hidden is the whole ranking
 * computed and filtered. (`seedCount` and `selectiveDf` are in retrieval.repo.ts.)
 */
export async function keywordRank(
  db: Executor,
  spaceId: string,
  terms: Array<{ term: string; weight: number }>,
  audience: Audience,
  limit: number,
  pages?: PageScope,
): Promise<Array<{ chunkId: number; score: number }>> {
  if (terms.length === 0) return [];
  const seeded = await bm25Rank(db, spaceId, terms, audience, limit, true, pages);
  if (seeded.rows.length >= limit || seeded.exhaustive) return seeded.rows;
  return (await bm25Rank(db, spaceId, terms, audience, limit, false, pages)).rows;
}

/** The best `topK` passages for the question, best first. */
export async function retrieve(
  db: Executor,
  request: RetrievalRequest,
  vectorSupported = false,
): Promise<Passage[]> {
  const pool = Math.max(request.topK * 4, 20);
  const keyword = await keywordRank(
    db,
    request.spaceId,
    questionTerms(request.question),
    request.audience,
    pool,
    request.pages,
  );
  let ranked = keyword;
  if (request.embedder && vectorSupported) {
    const [vector] = await request.embedder.embedTexts([request.question], request.signal);
    if (vector) {
      const semantic = await vectorRank(
        db,
        request.spaceId,
        vector,
        request.audience,
        pool,
        request.pages,
      );
      const fused = new Map<number, number>();
      for (const list of [keyword, semantic]) {
        list.forEach((item, rank) => {
          fused.set(item.chunkId, (fused.get(item.chunkId) ?? 0) + 1 / (rrfK + rank + 1));
        });
      }
      ranked = [...fused]
        .map(([chunkId, score]) => ({ chunkId, score }))
        .sort((x, y) => y.score - x.score || x.chunkId - y.chunkId);
    }
  }
  const passages = await loadPassages(
    db,
    ranked.map((item) => item.chunkId),
  );
  let ordered = ranked.flatMap((item) => {
    const passage = passages.get(item.chunkId);
    return passage ? [{ ...passage, score: item.score }] : [];
  });
  const model = request.reranker?.row.rerankModel;
  if (request.reranker && model && ordered.length > 1) {
    const candidates = ordered.slice(0, pool);
    const scores = await rerank(
      request.reranker.endpoint,
      { model, query: request.question, documents: candidates.map((p) => p.text) },
      { signal: request.signal },
    );
    ordered = candidates
      .map((passage, index) => ({ ...passage, score: scores[index] ?? Number.NEGATIVE_INFINITY }))
      .sort((x, y) => y.score - x.score);
  }
  return ordered.slice(0, request.topK);
}
