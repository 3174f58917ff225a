// AI questions through a share's link: answered over SSE from the shared pages only — a passage
// of another page of the space is never cited nor quoted —, refused (before anything streams)
// when the share does not allow them, the space's AI is off, the link is revoked or a protected
// share's grant is missing; and kept nowhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type AiStreamEvent, type ReferDoc } from '@library/contract';
import { aiMessages } from '../../db/schema/index.js';
import { buildSpaceWithRoles, paragraphBlock } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { askPerIpPerMinute } from './share.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

let addressCounter = 0;
/** A client address of its own, so the per-address limit is this test's alone. */
const newAddress = () =>
  `10.78.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const insideText = '长城始建于春秋战国时期，明长城东起鸭绿江，西至嘉峪关，全长约八千八百公里。';
const outsideText =
  '故宫旧称紫禁城，是明清两代的皇家宫殿，位于北京中轴线的中心，占地七十二万平方米。';

async function page(
  spaceId: string,
  headers: Headers,
  name: string,
  text: string,
  parentId: string | null,
) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, { name, parentId });
  expect(created.status).toBe(200);
  const pageId = created.body.data.pageId as string;
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', text) },
    ],
  });
  expect(saved.status).toBe(200);
  const published = await call('POST', `/api/v2/space/page/${pageId}/version`, headers, {
    name: 'v1',
  });
  expect(published.status).toBe(200);
  return pageId;
}

/** A space with AI on: a topic holding a page about 长城, and a page about 故宫 outside it. */
async function world() {
  const roles = await buildSpaceWithRoles(t.db);
  const { space, as } = roles;
  const topic = await call('POST', `/api/v2/space/${space.id}/topic`, as.owner, {
    name: '专题',
    parentId: null,
  });
  const topicId = topic.body.data.topicId as string;
  const inside = await page(space.id, as.owner, '长城', insideText, topicId);
  const outside = await page(space.id, as.owner, '故宫', outsideText, null);
  const enabled = await call('POST', `/api/v1/ai/${space.id}/enable`, as.owner, { enable: true });
  expect(enabled.status).toBe(200);
  while ((await t.jobs.drain()) > 0);
  return { ...roles, topicId, inside, outside };
}

async function share(
  headers: Headers,
  targetType: 'space' | 'topic' | 'page',
  targetId: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call('POST', '/api/v1/share', headers, {
    targetType,
    targetId,
    expiry: 'never',
    showComments: false,
    allowDownload: false,
    allowAi: true,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { shareId: string; token: string };
}

/** One question through the link: the status, the parsed events (or the error envelope). */
async function ask(token: string, question: string, grant?: string, address = newAddress()) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/share/s/${token}/ask`,
    remoteAddress: address,
    headers: grant ? { 'x-share-grant': grant } : {},
    payload: { question },
  });
  const events = res.body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AiStreamEvent);
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    events,
    text: res.body,
    final: events.at(-1)?.data as
      { answer: string; id: string; prompt: string; referDocList: ReferDoc[] } | undefined,
  };
}

describe('POST /api/v1/share/s/:token/ask', () => {
  it('streams an answer citing a page inside the share, in the viewer’s words', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'topic', w.topicId);
    const meta = await call('GET', `/api/v1/share/s/${token}`, {});
    expect(meta.body.data.allowAi).toBe(true);

    const res = await ask(token, '长城全长多少公里？');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/event-stream');
    expect(res.events[0]?.data).toHaveProperty('referDocList');
    expect(res.events.some((event) => event.data && 'delta' in event.data)).toBe(true);
    expect(res.events.at(-1)?.msg).toBe('ok');
    const cited = res.final!.referDocList;
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((doc) => doc.pageId === w.inside)).toBe(true);
    expect(res.final!.answer).toContain('八千八百公里');
    // kept nowhere; the prompt (with the space's instructions) stays on the server
    expect(res.final!.id).toBe('');
    expect(res.final!.prompt).toBe('');
    expect(
      await t.db.select().from(aiMessages).where(eq(aiMessages.question, '长城全长多少公里？')),
    ).toHaveLength(0);
  });

  it('never cites nor quotes a page outside the shared subtree', async () => {
    const w = await world();
    for (const [type, id] of [
      ['topic', w.topicId],
      ['page', w.inside],
    ] as const) {
      const { token } = await share(w.as.owner, type, id);
      const res = await ask(token, '故宫旧称什么？占地多少平方米？');
      expect(res.status, type).toBe(200);
      expect(res.events.at(-1)?.msg, type).toBe('ok');
      expect(
        res.final!.referDocList.some((doc) => doc.pageId === w.outside),
        type,
      ).toBe(false);
      expect(res.text, type).not.toContain('紫禁城');
      expect(res.text, type).not.toContain('七十二万');
    }
    // the same question through a share of the whole space finds it: the scope is what hid it
    const { token } = await share(w.as.owner, 'space', w.space.id);
    const whole = await ask(token, '故宫旧称什么？占地多少平方米？');
    expect(whole.final!.referDocList.some((doc) => doc.pageId === w.outside)).toBe(true);
  });

  it('leaves drafts out, even where the space’s AI includes them', async () => {
    const w = await world();
    const created = await call('POST', `/api/v2/space/${w.space.id}/page`, w.as.owner, {
      name: '草稿',
      parentId: w.topicId,
    });
    const draftId = created.body.data.pageId as string;
    await call('PUT', `/api/v2/space/page/${draftId}/block`, w.as.owner, {
      baseRevision: 0,
      changes: [
        {
          op: 'upsert',
          blockId: 'b1',
          afterBlockId: null,
          data: paragraphBlock('b1', '天坛祈年殿的草稿说明，尚未发布。'),
        },
      ],
    });
    const settings = await call('PUT', `/api/v1/ai/${w.space.id}/settings`, w.as.owner, {
      prologue: '',
      instructions: '',
      topK: 5,
      includeDrafts: true,
    });
    expect(settings.status).toBe(200);
    while ((await t.jobs.drain()) > 0);
    const { token } = await share(w.as.owner, 'topic', w.topicId);
    const res = await ask(token, '天坛祈年殿的草稿说明');
    expect(res.status).toBe(200);
    expect(res.final!.referDocList.some((doc) => doc.pageId === draftId)).toBe(false);
    expect(res.text).not.toContain('祈年殿的草稿');
  });

  it('answers 404 when the share does not allow AI, the space’s AI is off, or it is revoked', async () => {
    const w = await world();
    const noAi = await share(w.as.owner, 'topic', w.topicId, { allowAi: false });
    const refused = await ask(noAi.token, '长城全长多少公里？');
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.text).code).toBe(ErrorCode.dataMissing);
    expect((await call('GET', `/api/v1/share/s/${noAi.token}`, {})).body.data.allowAi).toBe(false);

    const { token, shareId } = await share(w.as.owner, 'topic', w.topicId);
    expect((await ask(token, '长城？')).status).toBe(200);
    await call('POST', `/api/v1/ai/${w.space.id}/enable`, w.as.owner, { enable: false });
    expect((await ask(token, '长城？')).status).toBe(404);
    expect((await call('GET', `/api/v1/share/s/${token}`, {})).body.data.allowAi).toBe(false);
    await call('POST', `/api/v1/ai/${w.space.id}/enable`, w.as.owner, { enable: true });
    expect((await ask(token, '长城？')).status).toBe(200);

    expect((await call('DELETE', `/api/v1/share/${shareId}`, w.as.owner)).status).toBe(200);
    const revoked = await ask(token, '长城？');
    expect(revoked.status).toBe(404);
    expect(revoked.text).not.toContain('长城始建');
  });

  it('asks a protected share’s grant first (710001), and checks the question', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'topic', w.topicId, { password: 'open-sesame' });
    const locked = await ask(token, '长城全长多少公里？');
    expect(locked.status).toBe(401);
    expect(JSON.parse(locked.text).code).toBe(ErrorCode.sharePasswordRequired);
    expect(locked.text).not.toContain('八千八百');

    const unlocked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/share/s/${token}/unlock`,
      remoteAddress: newAddress(),
      payload: { password: 'open-sesame' },
    });
    const { grant } = unlocked.json().data as { grant: string };
    const answered = await ask(token, '长城全长多少公里？', grant);
    expect(answered.status).toBe(200);
    expect(answered.final!.answer).toContain('八千八百公里');

    expect((await ask(token, '   ', grant)).status).toBe(400);
  });

  it('limits questions per client address', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'page', w.inside);
    const address = newAddress();
    for (let i = 0; i < askPerIpPerMinute; i++) {
      expect((await ask(token, '长城？', undefined, address)).status).toBe(200);
    }
    const limited = await ask(token, '长城？', undefined, address);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text).code).toBe(ErrorCode.tooFrequent);
  });
});
