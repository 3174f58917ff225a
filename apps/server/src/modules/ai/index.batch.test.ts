// The index jobs run in batches (index.service.ts `indexPages`, search.index.ts
// `indexPagesForSearch`, job-queue.ts `handleBatch`): a page is found by search and answered by
// the AI once its batch has run, and a re-index of pages that did not change writes nothing.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { buildSpaceWithRoles, paragraphBlock } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { retrieve } from './retrieval.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const cities = ['杭州', '苏州', '南京', '扬州', '绍兴', '宁波', '嘉兴', '湖州', '无锡', '常州'];
const landmarks = [
  '西湖',
  '拙政园',
  '中山陵',
  '瘦西湖',
  '兰亭',
  '天一阁',
  '南湖',
  '太湖',
  '鼋头渚',
  '天宁寺',
];

/** A published page about one city; its index jobs are queued, not run. */
async function cityPage(spaceId: string, headers: Headers, index: number) {
  const city = cities[index]!;
  const landmark = landmarks[index]!;
  const created = await t.call('POST', `/api/v2/space/${spaceId}/page`, headers, {
    name: `${city}游记`,
  });
  const pageId = created.body.data.pageId as string;
  const saved = await t.call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes: [
      {
        op: 'upsert',
        blockId: 'p1',
        afterBlockId: null,
        data: paragraphBlock('p1', `${city}最有名的景点是${landmark}，每年吸引很多游客前来参观。`),
      },
    ],
  });
  expect(saved.status).toBe(200);
  const published = await t.call('POST', `/api/v2/space/page/${pageId}/version`, headers, {
    name: 'v1',
  });
  expect(published.status).toBe(200);
  return pageId;
}

const pendingIndexJobs = async () =>
  (
    await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from jobs where kind = ${Job.indexPage.kind}`,
    )
  )[0]!.n;

/**
 * Every row version of the space's indexes (a row written again gets a new xmin). Not the
 * space's AI row: the re-index request itself clears its last error and recounts it.
 */
const rowVersions = (spaceId: string) =>
  queryRows<{ row: string }>(
    t.db,
    sql`select 'doc ' || id || ' ' || xmin as row from ai_documents where space_id = ${spaceId}
        union all select 'chunk ' || id || ' ' || xmin from ai_chunks where space_id = ${spaceId}
        union all select 'search ' || id || ' ' || xmin from search_docs where space_id = ${spaceId}
        union all select 'postings ' || count(*) from ai_postings where space_id = ${spaceId}
        order by 1`,
  );

describe('index jobs in batches', () => {
  it('finds and answers every page of a batch once it has run, and writes nothing on a re-index of unchanged pages', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const enabled = await t.call('POST', `/api/v1/ai/${space.id}/enable`, as.owner, {
      enable: true,
    });
    expect(enabled.status).toBe(200);
    while ((await t.jobs.drain()) > 0);
    const pageIds: string[] = [];
    for (let i = 0; i < cities.length; i += 1) pageIds.push(await cityPage(space.id, as.owner, i));
    expect(await pendingIndexJobs()).toBe(cities.length);

    // one run of the worker takes the whole batch
    expect(await t.jobs.runNext()).toBe(true);
    expect(await pendingIndexJobs()).toBe(0);
    for (const [i, city] of cities.entries()) {
      const search = await t.call(
        'GET',
        `/api/v3/search?${new URLSearchParams({ keywords: landmarks[i]!, spaceId: space.id })}`,
        as.reader,
      );
      expect(search.status).toBe(200);
      expect(
        (search.body.data.list as Array<{ title: string }>).map((result) => result.title),
      ).toContain(`${city}游记`);
      const passages = await retrieve(t.db, {
        spaceId: space.id,
        question: `${city}最有名的景点是什么？`,
        topK: 1,
        audience: 'readers',
      });
      expect(passages[0]?.pageId).toBe(pageIds[i]);
      expect(passages[0]?.text).toContain(landmarks[i]!);
    }

    // a re-index of the unchanged pages rewrites no row of either index
    const before = await rowVersions(space.id);
    expect(before.length).toBeGreaterThan(cities.length * 3);
    const reindexed = await t.call('POST', `/api/v1/ai/${space.id}/reindex`, as.owner);
    expect(reindexed.status).toBe(200);
    while ((await t.jobs.drain()) > 0);
    expect(await rowVersions(space.id)).toEqual(before);

    // one page edited: only its rows move
    const edited = await t.call('PUT', `/api/v2/space/page/${pageIds[0]}/block`, as.owner, {
      baseRevision: 1,
      changes: [
        {
          op: 'upsert',
          blockId: 'p1',
          afterBlockId: null,
          data: paragraphBlock('p1', '杭州最有名的景点是灵隐寺，香火旺盛。'),
        },
      ],
    });
    expect(edited.status).toBe(200);
    await t.call('POST', `/api/v2/space/page/${pageIds[0]}/version`, as.owner, { name: 'v2' });
    while ((await t.jobs.drain()) > 0);
    const after = await rowVersions(space.id);
    const changed = after.filter((row) => !before.some((old) => old.row === row.row));
    // its draft and published search documents, its AI document and new chunk (and perhaps
    // the postings' count)
    expect(changed.length).toBeGreaterThanOrEqual(4);
    expect(changed.length).toBeLessThanOrEqual(5);
    const [answer] = await retrieve(t.db, {
      spaceId: space.id,
      question: '杭州最有名的景点是什么？',
      topK: 1,
      audience: 'readers',
    });
    expect(answer?.text).toContain('灵隐寺');
  });

  it("puts the embedded database's vacuum off while index jobs are due", async () => {
    if (t.database.kind === 'postgres') return;
    const vacuums = () =>
      queryRows<{ since: number | null; later: boolean }>(
        t.db,
        sql`select (payload->>'since')::bigint as since, run_at > now() as later from jobs
            where kind = ${Job.vacuumAiIndex.kind}`,
      );
    await t.db.execute(sql`delete from jobs where kind = ${Job.vacuumAiIndex.kind}`);
    await enqueueJob(t.db, Job.vacuumAiIndex, {});
    await enqueueJob(t.db, Job.indexPage, { pageId: randomUUID() });
    expect(await t.jobs.runNext()).toBe(true);
    const [putOff] = await vacuums();
    expect(putOff?.later).toBe(true);
    expect(putOff?.since).toBeGreaterThan(0);
    // the index jobs done, it runs
    await t.jobs.drain();
    await t.db.execute(sql`update jobs set run_at = now() where kind = ${Job.vacuumAiIndex.kind}`);
    await t.jobs.drain();
    expect(await vacuums()).toEqual([]);
  });
});
