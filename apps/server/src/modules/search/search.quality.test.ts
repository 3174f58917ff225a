// Search quality guard: CMRC 2018 trial articles loaded as pages through the API
// and indexed by the real jobs; each question's text, typed into search as it stands, finds its
// article among the first five results in at least 95 % of cases. Every third article (86 pages,
// about 340 questions) keeps the run short; the rest would only be more distractors.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainAll, loadArticles, loadCmrc } from '../../../test/cmrc.js';
import { authHeader, buildSpace, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

it('CMRC 2018: a question finds its passage among the first five results', async () => {
  const articles = loadCmrc().filter((_article, index) => index % 3 === 0);
  const owner = await buildUser(t.db);
  const space = await buildSpace(t.db, owner.id, 'CMRC 2018');
  const headers = await authHeader(t.db, owner.id);
  await loadArticles(t.call, headers, space.id, articles);
  await drainAll(t.jobs);
  const tree = await t.call('GET', `/api/v2/space/${space.id}/tree`, headers);
  const pageIds = (tree.body.data as Array<{ pageId: string }>).map((node) => node.pageId);
  expect(pageIds).toHaveLength(articles.length);
  let questions = 0;
  let hits = 0;
  for (const [index, article] of articles.entries()) {
    for (const paragraph of article.paragraphs) {
      for (const qa of paragraph.qas) {
        if (!qa.question.trim()) continue; // the set has an empty question
        const qs = new URLSearchParams({ keywords: qa.question.slice(0, 100), pageSize: '5' });
        const res = await t.call('GET', `/api/v3/search?${qs}`, headers);
        if (res.status !== 200) throw new Error(`${qa.question}: ${JSON.stringify(res.body)}`);
        const list = (res.body.data as { list: Array<{ id: string }> }).list;
        questions += 1;
        if (list.some((result) => result.id === pageIds[index])) hits += 1;
      }
    }
  }
  expect(questions).toBeGreaterThanOrEqual(300);
  const recallAt5 = hits / questions;
  console.warn(`search CMRC 2018: ${questions} questions, recall@5 ${recallAt5.toFixed(3)}`);
  // measured 0.996 on every second article (510 questions)
  expect(recallAt5).toBeGreaterThanOrEqual(0.95);
}, 300_000);
