// Retrieval quality guard (issue 5 §6): CMRC 2018 passages loaded through the API and indexed by
// the real jobs; questions asked through the product's retrieval. The full set (1,002 questions)
// runs in `npm run bench`; this subset keeps a floor so a regression fails the suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainAll, evaluate, loadArticles, loadCmrc } from '../../bench/cmrc.js';
import { authHeader, buildSpace, buildUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

describe('CMRC 2018 keyword retrieval (subset)', () => {
  it('finds the answer passage first for most questions and in the top 5 for nearly all', async () => {
    const owner = await buildUser(t.db);
    const space = await buildSpace(t.db, owner.id, 'CMRC 2018');
    // every 8th article: 32 pages with about 125 questions
    const articles = loadCmrc().filter((_article, index) => index % 8 === 0);
    await loadArticles(t.call, await authHeader(t.db, owner.id), space.id, articles);
    await drainAll(t.jobs);
    const result = await evaluate(t.db, space.id, articles);
    expect(result.questions).toBeGreaterThanOrEqual(100);
    // measured 0.873 / 0.976 / MRR 0.918 on this subset; the baseline BM25 of the issue would
    // score well below these floors
    expect(result.recallAt1).toBeGreaterThanOrEqual(0.85);
    expect(result.recallAt5).toBeGreaterThanOrEqual(0.96);
    expect(result.mrr).toBeGreaterThanOrEqual(0.9);
  }, 180_000);
});
