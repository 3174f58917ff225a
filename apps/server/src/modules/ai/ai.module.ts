// What the AI module adds to the app: the space's AI routes and the index jobs (a page's or file's change is indexed for search first, found within seconds, then for the AI).
import type { Quotas } from '@library/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { indexFileForSearch, indexPageForSearch, vacuumSearchIndex } from '../search/index.js';
import { registerAiRoutes } from './ai.routes.js';
import { registerScriptRoutes } from './script.routes.js';
import {
  indexFileHandler,
  indexPageHandler,
  reindexSpaceHandler,
  vacuumIndexHandler,
  type IndexDeps,
} from './index.service.js';

export function registerAiModule(
  app: App,
  deps: {
    db: Database;
    database: DatabaseHandle;
    cipher: KeyCipher;
    log: FastifyBaseLogger;
    modelTimeoutMs: number;
    quotas: Quotas;
  },
) {
  const { db, database, cipher } = deps;
  registerAiRoutes(app, { db, cipher, modelTimeoutMs: deps.modelTimeoutMs, quotas: deps.quotas });
  registerScriptRoutes(app, { db });
  const index: IndexDeps = {
    db: database.background,
    cipher,
    log: deps.log,
    // PostgreSQL vacuums by itself; on PGlite a job does it after indexing
    autovacuum: database.kind === 'postgres',
  };
  const indexPage = indexPageHandler(index);
  const indexFile = indexFileHandler(index);
  app.jobs.handle(Job.indexPage, async (payload) => {
    await indexPageForSearch(db, payload.pageId);
    await indexPage(payload);
  });
  app.jobs.handle(Job.indexFile, async (payload) => {
    await indexFileForSearch(db, payload.fileId);
    await indexFile(payload);
  });
  app.jobs.handle(Job.reindexSpace, reindexSpaceHandler(index));
  const vacuumAiIndex = vacuumIndexHandler(index);
  app.jobs.handle(Job.vacuumAiIndex, async () => {
    await vacuumAiIndex();
    await vacuumSearchIndex(database.background);
  });
}
