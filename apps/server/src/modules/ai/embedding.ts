// Embeddings for vector retrieval: only when the active provider names an embedding model AND
// the database has pgvector (PGlite needs @electric-sql/pglite-pgvector loaded; a PostgreSQL
// server needs the extension). Otherwise retrieval is keyword-only, said once in the log.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { embed } from '../../infra/llm/openai-compatible.js';
import type { ActiveProvider } from './provider.service.js';
import { createVectorExtension } from './retrieval.repo.js';

export interface Embedder {
  model: string;
  embedTexts(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

const batchSize = 32;

export function embedderOf(provider: ActiveProvider | null): Embedder | null {
  const model = provider?.row.embeddingModel;
  if (!provider || !model) return null;
  return {
    model,
    async embedTexts(texts, signal) {
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        vectors.push(
          ...(await embed(
            provider.endpoint,
            { model, input: batch, dimensions: provider.row.embeddingDimension },
            { signal },
          )),
        );
      }
      return vectors;
    },
  };
}

const support = new WeakMap<Database, Promise<boolean>>();

/** Whether this database can rank by vector distance (checked once per database). */
export function hasVectorSupport(db: Database, log: FastifyBaseLogger): Promise<boolean> {
  let known = support.get(db);
  if (!known) {
    known = (async () => {
      try {
        await createVectorExtension(db);
        return true;
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'pgvector is not available in this database: AI retrieval uses keywords only (embeddings are kept for later)',
        );
        return false;
      }
    })();
    support.set(db, known);
  }
  return known;
}
