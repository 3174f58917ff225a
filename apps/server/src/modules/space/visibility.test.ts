// The visibility matrix: who sees which content, once against the rule's module and once through
// every route that exposes content. Callers: the owner, an editor and a reader of a space open to
// visitors, a logged-in visitor and an anonymous one of it, an outsider and an anonymous caller
// of an identical closed space. Content: a draft page (never published), a published page, an
// unpublished page (published, then unpublished), a file in the published page, a file in the
// draft page and a file of the library (in no page).
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStreamEvent, ReferDoc } from '@library/contract';
import { spaces } from '../../db/schema/index.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { retrieve } from '../ai/retrieval.js';
import {
  addMember,
  authHeader,
  buildSpace,
  buildStoredFile,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { filterReadable, type Audience } from './visibility.js';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const contentNames = [
  'draftPage',
  'publishedPage',
  'unpublishedPage',
  'fileInPublishedPage',
  'fileInDraftPage',
  'libraryFile',
] as const;
type ContentName = (typeof contentNames)[number];
const callerNames = [
  'owner',
  'editor',
  'reader',
  'visitor',
  'anonymous',
  'outsider',
  'anonymousOfClosed',
] as const;
type CallerName = (typeof callerNames)[number];

/** The one rule, written out: what each caller may read. */
const everything = new Set<ContentName>(contentNames);
const publishedOnly = new Set<ContentName>(['publishedPage', 'fileInPublishedPage', 'libraryFile']);
const nothing = new Set<ContentName>();
const expected: Record<CallerName, Set<ContentName>> = {
  owner: everything,
  editor: everything,
  reader: publishedOnly,
  visitor: publishedOnly,
  anonymous: publishedOnly,
  outsider: nothing,
  anonymousOfClosed: nothing,
};
/** Whether a caller knows a page exists at all (details, comments): members do, by its link. */
const knowsPage = (caller: CallerName, name: ContentName) =>
  ['owner', 'editor', 'reader'].includes(caller) || expected[caller].has(name);

/** Every passage holds this word, so one question finds them all. */
const word = '琥珀';

async function page(spaceId: string, owner: Headers, name: string, publish: 'no' | 'yes' | 'undo') {
  const created = await t.call('POST', `/api/v2/space/${spaceId}/page`, owner, { name });
  const pageId = created.body.data.pageId as string;
  const block = paragraphBlock(`b-${name}`, `${name}里收藏着一块${word}，颜色像蜂蜜。`);
  const saved = await t.call('PUT', `/api/v2/space/page/${pageId}/block`, owner, {
    baseRevision: 0,
    changes: [{ op: 'upsert', blockId: block.id, afterBlockId: null, data: block }],
  });
  expect(saved.status).toBe(200);
  if (publish !== 'no') {
    const published = await t.call('POST', `/api/v2/space/page/${pageId}/version`, owner, {
      name: 'v1',
    });
    expect(published.status).toBe(200);
  }
  if (publish === 'undo') {
    const undone = await t.call('DELETE', `/api/v2/space/page/${pageId}/publish`, owner);
    expect(undone.status).toBe(200);
  }
  return pageId;
}

/** A space with the six kinds of content, AI on (drafts included for its editors). */
async function buildContent(ownerId: number, open: boolean) {
  const space = await buildSpace(t.db, ownerId, open ? '开放空间' : '封闭空间');
  await t.db.update(spaces).set({ openToVisitors: open }).where(eq(spaces.id, space.id));
  const owner = await authHeader(t.db, ownerId);
  const ids = {} as Record<ContentName, string>;
  ids.draftPage = await page(space.id, owner, '草稿页', 'no');
  ids.publishedPage = await page(space.id, owner, '已发布页', 'yes');
  ids.unpublishedPage = await page(space.id, owner, '已撤回页', 'undo');
  const file = async (name: string, pageId?: string) =>
    (
      await buildStoredFile(t.db, {
        spaceId: space.id,
        uploadedBy: ownerId,
        name,
        pageId,
        text: `${name}：一块${word}的照片说明。`,
      })
    ).id;
  ids.fileInPublishedPage = await file('已发布页的附件.pdf', ids.publishedPage);
  ids.fileInDraftPage = await file('草稿页的附件.pdf', ids.draftPage);
  ids.libraryFile = await file('文件库的文件.pdf');
  const enabled = await t.call('POST', `/api/v1/ai/${space.id}/enable`, owner, { enable: true });
  expect(enabled.status).toBe(200);
  await t.call('PUT', `/api/v1/ai/${space.id}/settings`, owner, {
    prologue: '',
    instructions: '',
    topK: 10,
    includeDrafts: true,
  });
  for (const name of ['fileInPublishedPage', 'fileInDraftPage', 'libraryFile'] as const) {
    await enqueueJob(t.db, Job.indexFile, { fileId: ids[name] }, { key: ids[name] });
  }
  while ((await t.jobs.drain()) > 0);
  return { spaceId: space.id, chatId: enabled.body.data.chat.id as string, ids };
}

interface World {
  spaces: Record<'open' | 'closed', Awaited<ReturnType<typeof buildContent>>>;
  users: Partial<Record<CallerName, number>>;
  headers: Record<CallerName, Headers>;
}
let world: World;

beforeAll(async () => {
  const owner = await buildUser(t.db);
  const open = await buildContent(owner.id, true);
  const closed = await buildContent(owner.id, false);
  const users: World['users'] = { owner: owner.id };
  for (const caller of ['editor', 'reader'] as const) {
    const user = await buildUser(t.db);
    await addMember(t.db, open.spaceId, user.id, caller);
    users[caller] = user.id;
  }
  users.visitor = (await buildUser(t.db)).id;
  users.outsider = (await buildUser(t.db)).id;
  const headers = {} as Record<CallerName, Headers>;
  for (const caller of callerNames) {
    const id = users[caller];
    headers[caller] = id === undefined ? {} : await authHeader(t.db, id);
  }
  world = { spaces: { open, closed }, users, headers };
});

/** The caller's space: the closed one for the outsider and its anonymous caller. */
const spaceOf = (caller: CallerName) =>
  world.spaces[caller === 'outsider' || caller === 'anonymousOfClosed' ? 'closed' : 'open'];
const pages = ['draftPage', 'publishedPage', 'unpublishedPage'] as const;
const files = ['fileInPublishedPage', 'fileInDraftPage', 'libraryFile'] as const;
const named = (caller: CallerName, ids: Iterable<string>) => {
  const names = new Map(Object.entries(spaceOf(caller).ids).map(([name, id]) => [id, name]));
  return new Set([...ids].flatMap((id) => (names.has(id) ? [names.get(id) as ContentName] : [])));
};
const allowed = (caller: CallerName, kinds: readonly ContentName[]) =>
  new Set(kinds.filter((name) => expected[caller].has(name)));

describe('the visibility rule', () => {
  it('filterReadable gives each caller exactly what the rule allows', async () => {
    for (const caller of callerNames) {
      const { ids } = spaceOf(caller);
      const userId = world.users[caller] ?? null;
      const readablePages = await filterReadable(
        t.db,
        userId,
        'page',
        pages.map((n) => ids[n]),
      );
      const readableFiles = await filterReadable(
        t.db,
        userId,
        'file',
        files.map((n) => ids[n]),
      );
      expect({ caller, readable: named(caller, [...readablePages, ...readableFiles]) }).toEqual({
        caller,
        readable: expected[caller],
      });
    }
  });

  it('filterReadable leaves out unknown ids, topics and deleted content', async () => {
    const { ids, spaceId } = world.spaces.open;
    const topic = await t.call('POST', `/api/v2/space/${spaceId}/topic`, world.headers.owner, {
      name: '专题',
    });
    const topicId = topic.body.data.topicId as string;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const asked = [ids.publishedPage, ids.libraryFile, topicId, unknown, 'not-an-id', ''];
    expect(await filterReadable(t.db, world.users.owner!, 'page', asked)).toEqual(
      new Set([ids.publishedPage]),
    );
    expect(await filterReadable(t.db, world.users.owner!, 'file', asked)).toEqual(
      new Set([ids.libraryFile]),
    );
  });

  it('AI retrieval ranks only what each audience may read', async () => {
    const { spaceId, ids } = world.spaces.open;
    const cited = async (audience: Audience) => {
      const passages = await retrieve(t.db, { spaceId, question: word, topK: 20, audience });
      return named(
        'owner',
        passages.map((passage) => passage.fileId ?? passage.pageId ?? ''),
      );
    };
    expect(await cited('editors')).toEqual(everything);
    expect(await cited('readers')).toEqual(publishedOnly);
    expect(ids.publishedPage).toBeTruthy();
  });
});

describe('the visibility rule through every route that exposes content', () => {
  const status = async (caller: CallerName, url: string) =>
    (await t.call('GET', url, world.headers[caller])).status;

  it('page details, blocks, versions and comments', async () => {
    for (const caller of callerNames) {
      const { ids } = spaceOf(caller);
      for (const name of pages) {
        const id = ids[name];
        const content = expected[caller].has(name);
        const known = knowsPage(caller, name);
        const seen = {
          details: await status(caller, `/api/v2/space/page/${id}`),
          comments: await status(caller, `/api/v2/space/page/${id}/comment?page=0&pageSize=10`),
          blocks: await status(caller, `/api/v2/space/page/${id}/block?version=0`),
          firstVersion: await status(caller, `/api/v2/space/page/${id}/block?version=1`),
          mcpDetails: await status(caller, `/api/v1/mcp/page/${id}`),
          mcpComments: await status(caller, `/api/v1/mcp/page/${id}/comment?page=0&pageSize=10`),
          mcpBlocks: await status(caller, `/api/v1/mcp/page/${id}/blocks`),
        };
        const versions = await t.call(
          'GET',
          `/api/v2/space/page/${id}/version`,
          world.headers[caller],
        );
        const wanted = {
          details: known ? 200 : 404,
          comments: known ? 200 : 404,
          // a draft page has no published version to show readers; editors read their draft
          blocks: content ? 200 : 404,
          // version 1 exists for the published and the unpublished page
          firstVersion:
            name !== 'draftPage' && (content || ['owner', 'editor'].includes(caller)) ? 200 : 404,
          // the MCP view answers as its siblings do
          mcpDetails: known ? 200 : 404,
          mcpComments: known ? 200 : 404,
          mcpBlocks: content ? 200 : 404,
        };
        expect({ caller, name, seen }).toEqual({ caller, name, seen: wanted });
        // readers see only the published version in the list; editors every version
        const listed = versions.status === 200 ? versions.body.data.list.length : null;
        const wantedVersions = !known
          ? null
          : ['owner', 'editor'].includes(caller)
            ? name === 'draftPage'
              ? 0
              : 1
            : content
              ? 1
              : 0;
        expect({ caller, name, listed }).toEqual({ caller, name, listed: wantedVersions });
      }
    }
  });

  it('search: results in the space named, by the same rule', async () => {
    for (const caller of callerNames) {
      const { spaceId, ids } = spaceOf(caller);
      const res = await t.call(
        'GET',
        `/api/v3/search?keywords=${encodeURIComponent(word)}&spaceId=${spaceId}`,
        world.headers[caller],
      );
      const found =
        res.status === 200
          ? new Set((res.body.data.list as Array<{ id: string }>).map((result) => result.id))
          : res.status;
      // a space the caller may not read is missing, as everywhere
      const wanted =
        expected[caller].size === 0 ? 404 : new Set([...expected[caller]].map((name) => ids[name]));
      expect({ caller, found }).toEqual({ caller, found: wanted });
    }
  });

  it('the tree, the list view and the topic count', async () => {
    for (const caller of callerNames) {
      const { spaceId } = spaceOf(caller);
      const tree = await t.call('GET', `/api/v2/space/${spaceId}/tree`, world.headers[caller]);
      const listView = await t.call(
        'GET',
        `/api/v3/space/${spaceId}/topic/listView`,
        world.headers[caller],
      );
      // the MCP view of the tree and the list view is the same answer, to the byte of data
      const mcpTree = await t.call(
        'GET',
        `/api/v1/mcp/space/${spaceId}/spaceTree`,
        world.headers[caller],
      );
      const mcpListView = await t.call(
        'GET',
        `/api/v1/mcp/space/${spaceId}/topic/listView`,
        world.headers[caller],
      );
      expect({ caller, tree: mcpTree.status, listView: mcpListView.status }).toEqual({
        caller,
        tree: tree.status,
        listView: listView.status,
      });
      expect(mcpTree.body.data).toEqual(tree.body.data);
      expect(mcpListView.body.data).toEqual(listView.body.data);
      if (expected[caller].size === 0) {
        expect({ caller, tree: tree.status, listView: listView.status }).toEqual({
          caller,
          tree: 404,
          listView: 404,
        });
        continue;
      }
      const treePages = (tree.body.data as Array<{ type: string; pageId?: string }>)
        .filter((node) => node.type === 'page')
        .map((node) => node.pageId ?? '');
      const listed = (listView.body.data.list as Array<{ id: string }>).map((item) => item.id);
      expect({ caller, tree: named(caller, treePages), listView: named(caller, listed) }).toEqual({
        caller,
        tree: allowed(caller, pages),
        listView: allowed(caller, pages),
      });
    }
  });

  it('file details, the file library and preview links', async () => {
    for (const caller of callerNames) {
      const { spaceId, ids } = spaceOf(caller);
      const anonymous = world.users[caller] === undefined;
      for (const name of files) {
        const content = expected[caller].has(name);
        const seen = {
          // file details and the library need a login; anonymous visitors get previews
          details: anonymous ? null : await status(caller, `/api/v3/space/file/${ids[name]}`),
          previewUrl: await status(caller, `/api/v3/space/file/${ids[name]}/previewUrl`),
          mcpPreviewUrl: await status(caller, `/api/v1/mcp/file/${ids[name]}/previewUrl`),
        };
        const wanted = {
          details: anonymous ? null : content ? 200 : 404,
          previewUrl: content ? 200 : 404,
          mcpPreviewUrl: content ? 200 : 404,
        };
        expect({ caller, name, seen }).toEqual({ caller, name, seen: wanted });
      }
      if (anonymous) continue;
      const library = await t.call(
        'GET',
        `/api/v3/space/${spaceId}/file?page=0&pageSize=50`,
        world.headers[caller],
      );
      const listed =
        library.status === 200
          ? (library.body.data.list as Array<{ fileId: string }>).map((file) => file.fileId)
          : [];
      expect({ caller, library: named(caller, listed) }).toEqual({
        caller,
        library: allowed(caller, files),
      });
    }
  });

  it('AI answers cite only what the asker may read, and old citations follow the rule', async () => {
    const { chatId, spaceId, ids } = world.spaces.open;
    for (const caller of ['owner', 'editor', 'reader', 'visitor'] as const) {
      const headers = world.headers[caller];
      const session = await t.call('POST', `/api/v1/ai/chat/${chatId}/session`, headers, {
        name: '可见性',
      });
      const sessionId = session.body.data.id as string;
      const res = await fetch(`${origin}/api/v1/ai/chat/${chatId}/converse/stream`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, question: `${word}是什么颜色？` }),
      });
      const events = (await res.text())
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice(6)) as AiStreamEvent);
      const final = events.at(-1)?.data as { referDocList: ReferDoc[] };
      const cited = final.referDocList.map((doc) => doc.fileId ?? doc.pageId ?? '');
      expect({ caller, cited: named(caller, cited) }).toEqual({ caller, cited: expected[caller] });
    }
    // the reader's conversation keeps its citations while they are readable; once the published
    // page is unpublished (the last change of this file), the page and its file drop out
    const headers = world.headers.reader;
    const sessions = await t.call('GET', `/api/v1/ai/chat/${chatId}/session`, headers);
    const sessionId = sessions.body.data.list[0].id as string;
    const historyCites = async () => {
      const history = await t.call(
        'GET',
        `/api/v1/ai/chat/${chatId}/converse/${sessionId}`,
        headers,
      );
      const list = history.body.data.list as Array<{ referDocList: ReferDoc[] }>;
      return named(
        'reader',
        list.flatMap((item) => item.referDocList.map((doc) => doc.fileId ?? doc.pageId ?? '')),
      );
    };
    expect(await historyCites()).toEqual(publishedOnly);
    const undone = await t.call(
      'DELETE',
      `/api/v2/space/page/${ids.publishedPage}/publish`,
      world.headers.owner,
    );
    expect(undone.status).toBe(200);
    expect(await historyCites()).toEqual(new Set(['libraryFile']));
    expect(spaceId).toBeTruthy();
  });
});
