// Editors of one page on two instances sharing a database: their keystrokes and their carets
// (awareness) reach each other through PostgreSQL, and through Redis when there is one
// (TEST_REDIS_URL runs those cases against a real Redis).
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyAwarenessUpdate, Awareness } from 'y-protocols/awareness';
import { pageDocumentUpdates } from '../../db/schema/index.js';
import {
  blockText,
  connectCollab,
  listenForSockets,
  pageWithParagraphs,
  typeInto,
  until,
  type CollabClient,
} from '../../../test/collab-clients.js';
import { buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { awarenessPayloads, maxPayloadBytes } from './awareness-relay.js';
import { partsOf, subtractLogged } from './logged-ranges.js';

const namesSeen = (client: CollabClient) =>
  [...client.provider.awareness!.getStates().values()]
    .map((state) => (state.user as { name?: string } | undefined)?.name)
    .filter((name): name is string => name !== undefined)
    .sort();

const paths = [
  { through: 'PostgreSQL', redisUrl: undefined },
  { through: 'Redis', redisUrl: process.env.TEST_REDIS_URL },
];

describe.each(paths)('editors on two instances, through $through', ({ through, redisUrl }) => {
  const skip = through === 'Redis' && !redisUrl;
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;
  let world: Awaited<ReturnType<typeof buildSpaceWithRoles>>;
  const clients: CollabClient[] = [];

  const token = (caller: 'owner' | 'admin' | 'editor') =>
    world.as[caller].authorization!.slice('Bearer '.length);

  function connect(url: string, pageId: string, caller: 'owner' | 'admin' | 'editor') {
    const client = connectCollab(url, pageId, token(caller));
    clients.push(client);
    return client;
  }

  const pageWith = (texts: string[]) =>
    pageWithParagraphs(
      first,
      { id: world.ids.owner, header: world.as.owner },
      world.space.id,
      texts,
    );

  const loggedUpdates = async (pageId: string) => {
    const [row] = await first.db
      .select({ n: count() })
      .from(pageDocumentUpdates)
      .where(eq(pageDocumentUpdates.pageId, pageId));
    return row?.n ?? 0;
  };

  beforeAll(async () => {
    if (skip) return;
    // Redis also holds the rate-limit counters, shared with whatever else uses it: not ours to hit
    const overrides = { redisUrl, rateLimitPerMinute: 1_000_000 };
    first = await createTestApp(overrides);
    second = await createTestApp(overrides, first.database);
    firstUrl = await listenForSockets(first);
    secondUrl = await listenForSockets(second);
    world = await buildSpaceWithRoles(first.db);
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });

  afterAll(async () => {
    if (skip) return;
    await second.close();
    await first.close();
  });

  it.skipIf(skip)('shows each what the other types, logged once', async () => {
    const pageId = await pageWith(['一', '二']);
    const here = connect(firstUrl, pageId, 'editor');
    const there = connect(secondUrl, pageId, 'owner');
    await Promise.all([here.synced, there.synced]);
    const before = await loggedUpdates(pageId);
    typeInto(here.doc, 'b0', 1, '号');
    await until(() => blockText(there.doc, 'b0') === '一号');
    // the receiving instance does not log what it was handed: one flush, one row (through Redis
    // also once it has had the time to see that row and stop waiting for it)
    await new Promise((resolve) => setTimeout(resolve, through === 'Redis' ? 2500 : 300));
    expect(await loggedUpdates(pageId)).toBe(before + 1);
    typeInto(there.doc, 'b1', 1, '号');
    await until(() => blockText(here.doc, 'b1') === '二号');
  });

  it.skipIf(skip)('shows an editor the carets of editors on the other instance', async () => {
    const pageId = await pageWith(['光标']);
    const here = connect(firstUrl, pageId, 'editor');
    await here.synced;
    // set before the page is open on the other instance: the newcomer asks who is there
    here.provider.setAwarenessField('user', { name: '甲', color: '#f00' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const there = connect(secondUrl, pageId, 'owner');
    await there.synced;
    there.provider.setAwarenessField('user', { name: '乙', color: '#00f' });
    await until(() => namesSeen(there).join() === '乙,甲' && namesSeen(here).join() === '乙,甲');

    // a caret that moves is seen moving
    here.provider.setAwarenessField('cursor', { anchor: 1, head: 2 });
    await until(() =>
      [...there.provider.awareness!.getStates().values()].some(
        (state) => (state.cursor as { head?: number } | undefined)?.head === 2,
      ),
    );

    // and an editor who leaves is gone from the others' page
    here.destroy();
    await until(() => namesSeen(there).join() === '乙');
  });
});

describe('relaying awareness through PostgreSQL', () => {
  it('splits what is too large for one notification, and leaves out a single state too large', () => {
    const awareness = new Awareness(new Y.Doc());
    // 40 editors of about 400 bytes each: more than one payload can carry
    const clients = Array.from({ length: 40 }, (_, index) => 1000 + index);
    for (const client of clients) {
      awareness.states.set(client, { user: { name: `编辑${client}`, note: 'x'.repeat(400) } });
      awareness.meta.set(client, { clock: 1, lastUpdated: Date.now() });
    }
    awareness.states.set(9, { huge: 'y'.repeat(maxPayloadBytes) });
    awareness.meta.set(9, { clock: 1, lastUpdated: Date.now() });
    const dropped: number[] = [];
    const payloads = awarenessPayloads('abcdefgh:page:u:', awareness, [...clients, 9], (client) =>
      dropped.push(client),
    );
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.every((payload) => Buffer.byteLength(payload) <= maxPayloadBytes)).toBe(true);
    expect(dropped).toEqual([9]);

    // every state arrives once the payloads are applied
    const received = new Awareness(new Y.Doc());
    for (const payload of payloads) {
      const update = Buffer.from(payload.slice('abcdefgh:page:u:'.length), 'base64');
      applyAwarenessUpdate(received, update, 'test');
    }
    expect(clients.every((client) => received.getStates().has(client))).toBe(true);
    awareness.destroy();
    received.destroy();
  });
});

describe('telling what of a relayed update the log holds', () => {
  it('is done once the log shows every insertion and deletion, over several reads', () => {
    const doc = new Y.Doc();
    const text = doc.getText('t');
    const logged: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => logged.push(update));
    text.insert(0, '你好');
    text.insert(2, '世界');
    text.delete(0, 1);
    const relayed = partsOf(Y.mergeUpdates(logged));
    // the log shows it in two rows, read one at a time
    expect(subtractLogged(relayed, partsOf(Y.mergeUpdates(logged.slice(0, 2))))).toBe(false);
    expect(subtractLogged(relayed, partsOf(logged[2]!))).toBe(true);
  });

  it('is not done while a deletion is missing from the log', () => {
    const doc = new Y.Doc();
    const text = doc.getText('t');
    text.insert(0, 'abc');
    const inserted = Y.encodeStateAsUpdate(doc);
    const before = Y.encodeStateVector(doc);
    text.delete(1, 1);
    const deletion = Y.encodeStateAsUpdate(doc, before);
    expect(subtractLogged(partsOf(deletion), partsOf(inserted))).toBe(false);
  });
});
