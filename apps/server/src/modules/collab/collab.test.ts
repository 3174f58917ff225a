import { eq, sql } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageDocumentUpdates, spaceMembers, users } from '../../db/schema/index.js';
import {
  blockText,
  blockTexts,
  listenForSockets,
  pageWithParagraphs,
  connectCollab,
  typeInto,
  until,
  type CollabClient,
} from '../../../test/collab-clients.js';
import {
  addMember,
  authHeader,
  buildPage,
  buildSpace,
  buildSpaceWithRoles,
  buildUser,
  paragraphBlock,
  type Caller,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let base: string;
let world: Awaited<ReturnType<typeof buildSpaceWithRoles>>;
const clients: CollabClient[] = [];

const tokenOf = (caller: Caller) => world.as[caller].authorization!.slice('Bearer '.length);

function connect(pageId: string, caller: Caller | null, documentName?: string) {
  const client = connectCollab(base, pageId, caller === null ? null : tokenOf(caller), {
    ...(documentName === undefined ? {} : { documentName }),
  });
  clients.push(client);
  return client;
}

const pageWith = (texts: string[]) =>
  pageWithParagraphs(t, { id: world.ids.owner, header: world.as.owner }, world.space.id, texts);

async function draft(pageId: string, caller: Caller = 'editor') {
  const res = await t.call('GET', `/api/v2/space/page/${pageId}/block?version=0`, world.as[caller]);
  expect(res.status).toBe(200);
  return res.body.data as { revision: number; blocks: Array<{ id: string; content: unknown }> };
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listenForSockets(t);
  world = await buildSpaceWithRoles(t.db);
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  await t.close();
});

describe('live editing at /api/v1/collab', () => {
  it('gives an editor the draft as the document and shows each editor what the other types', async () => {
    const pageId = await pageWith(['你好', '世界']);
    const first = connect(pageId, 'editor');
    const second = connect(pageId, 'owner');
    await Promise.all([first.synced, second.synced]);
    expect(blockText(first.doc, 'b0')).toBe('你好');
    expect(blockText(first.doc, 'b1')).toBe('世界');

    typeInto(first.doc, 'b0', 2, '，同事');
    await until(() => blockText(second.doc, 'b0') === '你好，同事');
    typeInto(second.doc, 'b1', 0, '整个');
    await until(() => blockText(first.doc, 'b1') === '整个世界');
  });

  it('logs what the server received within 100 ms', async () => {
    const pageId = await pageWith(['一']);
    const writer = connect(pageId, 'editor');
    const watcher = connect(pageId, 'admin');
    await Promise.all([writer.synced, watcher.synced]);
    const lastLogged = async () =>
      (
        await t.db
          .select({ at: sql<string>`max(${pageDocumentUpdates.createdAt})::text` })
          .from(pageDocumentUpdates)
          .where(eq(pageDocumentUpdates.pageId, pageId))
      )[0]!.at;
    // five keys: from the moment another editor sees a key (the server had it by then) to the
    // moment its update was written, as the database's clock tells
    const delays: number[] = [];
    let typed = '一';
    for (const key of ['二', '三', '四', '五', '六']) {
      const before = await lastLogged();
      typeInto(writer.doc, 'b0', typed.length, key);
      typed += key;
      await until(() => blockText(watcher.doc, 'b0') === typed);
      const seenAt = Date.now();
      await until(async () => (await lastLogged()) !== before, 2000);
      delays.push(new Date((await lastLogged())!).getTime() - seenAt);
    }
    delays.sort((a, b) => a - b);
    expect(delays[2]).toBeLessThan(100);
  });

  it('derives the draft rows from the document within 2 s of the last edit', async () => {
    const pageId = await pageWith(['草稿']);
    const { revision } = await draft(pageId);
    const editor = connect(pageId, 'editor');
    await editor.synced;
    typeInto(editor.doc, 'b0', 2, '已改');
    const typedAt = Date.now();
    await until(async () => blockTexts((await draft(pageId)).blocks)[0] === '草稿已改', 3000);
    expect(Date.now() - typedAt).toBeLessThan(2000);
    const after = await draft(pageId);
    expect(after.revision).toBeGreaterThan(revision);
    expect(after.blocks.map((block) => block.id)).toEqual(['b0']);
  });

  it('applies a save through the API to the live document, keeping what editors typed meanwhile', async () => {
    const pageId = await pageWith(['甲', '乙']);
    const editor = connect(pageId, 'editor');
    await editor.synced;
    typeInto(editor.doc, 'b0', 1, '方');
    await until(async () => blockTexts((await draft(pageId)).blocks)[0] === '甲方', 3000);
    const { revision } = await draft(pageId);
    const res = await t.call('PUT', `/api/v2/space/page/${pageId}/block`, world.as.owner, {
      baseRevision: revision,
      changes: [
        { op: 'upsert', blockId: 'b1', data: paragraphBlock('b1', '乙方') },
        { op: 'upsert', blockId: 'b2', data: paragraphBlock('b2', '丙方'), afterBlockId: 'b1' },
      ],
    });
    expect(res.status).toBe(200);
    await until(() => blockText(editor.doc, 'b2') === '丙方');
    expect(blockText(editor.doc, 'b0')).toBe('甲方');
    expect(blockText(editor.doc, 'b1')).toBe('乙方');
    const saved = await draft(pageId);
    expect(blockTexts(saved.blocks)).toEqual(['甲方', '乙方', '丙方']);
  });

  it('refuses every caller who may not edit, all alike', async () => {
    const pageId = await pageWith(['秘密']);
    const refusals = await Promise.all([
      connect(pageId, 'reader').refused,
      connect(pageId, 'outsider').refused,
      connect(pageId, null).refused,
      connectCollab(base, pageId, 'not-a-token').refused,
      connect('00000000-0000-4000-8000-000000000000', 'owner').refused,
      connect(pageId, 'owner', `space:${pageId}`).refused,
    ]);
    expect(new Set(refusals)).toEqual(new Set(['permission-denied']));
    for (const caller of ['owner', 'admin', 'editor'] as const) {
      const client = connect(pageId, caller);
      await client.synced;
      expect(blockText(client.doc, 'b0')).toBe('秘密');
    }
  });

  it('closes the connections of an editor removed from the space, and of a revoked login', async () => {
    const pageId = await pageWith(['看']);
    const editor = connect(pageId, 'editor');
    const admin = connect(pageId, 'admin');
    await Promise.all([editor.synced, admin.synced]);

    await t.db.delete(spaceMembers).where(eq(spaceMembers.memberId, String(world.ids.editor)));
    const removedAt = Date.now();
    expect(await editor.refused).toBe('permission-denied');
    expect(Date.now() - removedAt).toBeLessThan(5000);

    const logout = await t.call('DELETE', '/api/v1/user/logout', world.as.admin);
    expect(logout.status).toBe(200);
    expect(await admin.refused).toBe('permission-denied');
  });

  it('closes the connections of a disabled user and of an editor made a reader', async () => {
    const other = await buildSpaceWithRoles(t.db);
    const page = await buildPage(t.db, other.space.id, other.ids.owner);
    const as = (caller: Caller) => {
      const client = connectCollab(base, page.id, other.as[caller].authorization!.slice(7));
      clients.push(client);
      return client;
    };
    const disabled = as('admin');
    const demoted = as('editor');
    await Promise.all([disabled.synced, demoted.synced]);

    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, other.ids.admin));
    expect(await disabled.refused).toBe('permission-denied');

    await t.db.delete(spaceMembers).where(eq(spaceMembers.memberId, String(other.ids.editor)));
    await addMember(t.db, other.space.id, other.ids.editor, 'reader');
    expect(await demoted.refused).toBe('permission-denied');
    // and a reader cannot come back in
    expect(await as('editor').refused).toBe('permission-denied');
  });

  it('closes every connection to a page of a deleted space', async () => {
    const password = 'Library2026';
    const owner = await buildUser(t.db, { password });
    const space = await buildSpace(t.db, owner.id);
    const page = await buildPage(t.db, space.id, owner.id);
    const header = await authHeader(t.db, owner.id);
    const client = connectCollab(base, page.id, header.authorization.slice(7));
    clients.push(client);
    await client.synced;
    const res = await t.call('DELETE', `/api/v2/space/${space.id}`, header, {
      auth: { type: 'password', args: { password } },
    });
    expect(res.status).toBe(200);
    expect(await client.refused).toBe('permission-denied');
  });

  it('closes every connection to a page moved to the recycle bin', async () => {
    const pageId = await pageWith(['删']);
    const owner = connect(pageId, 'owner');
    await owner.synced;
    const res = await t.call('DELETE', `/api/v2/space/page/${pageId}`, world.as.owner);
    expect(res.status).toBe(200);
    expect(await owner.refused).toBe('permission-denied');
  });
});

describe('opening live editing sockets', () => {
  let limited: TestApp;
  let limitedBase: string;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimitPerMinute: 3 }, t.database);
    limitedBase = await listenForSockets(limited);
  });
  afterAll(() => limited.close());

  /** The HTTP status the upgrade got: 101 when the socket opened. */
  const upgrade = () =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${limitedBase}/api/v1/collab`);
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('error', reject);
    });

  it('counts against the address’s limit per minute, like requests, and answers 429 past it', async () => {
    expect([await upgrade(), await upgrade(), await upgrade()]).toEqual([101, 101, 101]);
    expect(await upgrade()).toBe(429);
  });
});
