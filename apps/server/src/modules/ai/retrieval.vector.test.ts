// Vector retrieval on PGlite with pgvector loaded (@electric-sql/pglite-pgvector): embeddings
// from the fake OpenAI-compatible server are stored by the indexer, ranked by cosine distance,
// fused with BM25 and reranked by the provider's rerank model.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { queryRows, wrapPglite, type DatabaseHandle } from '../../db/database.js';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fakes/openai.js';
import type { App } from '../../http/route-types.js';
import { authHeader, buildSpace, buildUser } from '../../../test/factories.js';
import { drainAll } from '../../../test/cmrc.js';
import { embedderOf, hasVectorSupport } from './embedding.js';
import { activeProvider } from './provider.service.js';
import { retrieve } from './retrieval.js';
import { createKeyCipher } from '../../infra/llm/key-cipher.js';
import { readOrCreateSecret } from '../../infra/secrets.js';

let database: DatabaseHandle;
let app: App;
let fake: FakeOpenAiServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-vector-'));
  database = wrapPglite(await PGlite.create({ extensions: { vector } }));
  await database.migrate();
  app = await buildApp({
    config: loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(dataDir, 'x'),
    }),
    database,
    logger: false,
  });
  await app.ready();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  method = 'POST',
) {
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers,
    payload: payload as object,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('vector retrieval with pgvector', () => {
  it('stores embeddings, ranks by distance fused with BM25, and reranks', async () => {
    const db = database.db;
    const admin = await buildUser(db, { roles: ['ADMIN'] });
    await call('/api/system/v1/ai/provider', await authHeader(db, admin.id), {
      name: 'fake',
      baseUrl: fake.baseUrl,
      chatModel: 'fake-chat',
      embeddingModel: 'fake-embed',
      embeddingDimension: 3,
      rerankModel: 'fake-rerank',
    });
    const owner = await buildUser(db);
    const headers = await authHeader(db, owner.id);
    const space = await buildSpace(db, owner.id);
    await call(`/api/v1/ai/${space.id}/enable`, headers, { enable: true });
    for (const [name, text] of [
      ['长城', '明长城东起鸭绿江，西至嘉峪关。'],
      ['故宫', '故宫旧称紫禁城，是明清两代的皇家宫殿。'],
    ] as const) {
      const { pageId } = await call(`/api/v2/space/${space.id}/page`, headers, { name });
      await call(
        `/api/v2/space/page/${pageId}/block`,
        headers,
        {
          baseRevision: 0,
          changes: [
            {
              op: 'upsert',
              blockId: 'b1',
              data: { id: 'b1', type: 'paragraph', content: [{ type: 'text', text }] },
            },
          ],
        },
        'PUT',
      );
      await call(`/api/v2/space/page/${pageId}/version`, headers, { name: 'v1' });
    }
    await drainAll(app.jobs);
    const stored = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ai_chunks where space_id = ${space.id} and embedding is not null`,
    );
    expect(stored[0]?.n).toBe(2);
    expect(fake.requests.some((request) => request.path === '/embeddings')).toBe(true);

    expect(await hasVectorSupport(db, app.log)).toBe(true);
    const provider = await activeProvider(
      db,
      createKeyCipher(readOrCreateSecret(dataDir, 'ai-secret.key')),
    );
    const before = fake.requests.length;
    const passages = await retrieve(
      db,
      {
        spaceId: space.id,
        question: '紫禁城是什么？',
        topK: 2,
        audience: 'readers',
        embedder: embedderOf(provider),
        reranker: provider,
      },
      true,
    );
    // both pages come back (the vector ranking reaches the one without shared words)
    expect(passages.map((p) => p.title).sort()).toEqual(['故宫', '长城']);
    const calls = fake.requests.slice(before).map((request) => request.path);
    expect(calls).toEqual(['/embeddings', '/rerank']);
  });
});
