// The one retrieval of a space's passages for a question, as the AI chat asks it and the MCP
// server's search tool too: keyword (BM25 over the Chinese tokenizer's terms) plus vector distance
// when the provider embeds and the database has pgvector, reranked when the provider reranks; the
// asker's audience decides what comes back (drafts only for editors of a space whose AI includes
// drafts; visitors never see what lies under a topic closed to them).
import type { SpaceAccessRole } from '@library/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { atMostReaders, audienceOf } from '../space/index.js';
import { embedderOf, hasVectorSupport } from './embedding.js';
import { activeProvider, type ActiveProvider } from './provider.service.js';
import type { PageScope } from './retrieval.repo.js';
import { retrieve, type Passage } from './retrieval.js';
import type { SpaceAiRow } from './space-ai.repo.js';

export interface SpaceSearchDeps {
  db: Database;
  cipher: KeyCipher;
  log: FastifyBaseLogger;
}

export async function searchSpace(
  deps: SpaceSearchDeps,
  ai: Pick<SpaceAiRow, 'spaceId' | 'includeDrafts'>,
  role: SpaceAccessRole,
  question: string,
  options: {
    topK: number;
    signal?: AbortSignal | undefined;
    /** the active provider when the caller has loaded it already (the chat answers with it) */
    provider?: ActiveProvider | null;
    /** only these pages' passages (a share's published pages); the whole space when unset */
    pages?: PageScope;
  },
): Promise<Passage[]> {
  const { db } = deps;
  const provider =
    options.provider === undefined ? await activeProvider(db, deps.cipher) : options.provider;
  const embedder = embedderOf(provider);
  return retrieve(
    db,
    {
      spaceId: ai.spaceId,
      question,
      topK: options.topK,
      audience: ai.includeDrafts ? audienceOf(role) : atMostReaders(audienceOf(role)),
      embedder,
      reranker: provider,
      ...(options.pages ? { pages: options.pages } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    embedder ? await hasVectorSupport(db, deps.log) : false,
  );
}
