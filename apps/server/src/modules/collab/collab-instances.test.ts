// Live editing across two instances of the server on one database, through a restart, and with
// versions: published and restored while editors are on the page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
import { buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let first: TestApp;
let second: TestApp;
let world: Awaited<ReturnType<typeof buildSpaceWithRoles>>;
const clients: CollabClient[] = [];

let firstUrl: string;
let secondUrl: string;

const token = (caller: 'owner' | 'admin' | 'editor') =>
  world.as[caller].authorization!.slice('Bearer '.length);

function connect(url: string, pageId: string, caller: 'owner' | 'admin' | 'editor') {
  const client = connectCollab(url, pageId, token(caller));
  clients.push(client);
  return client;
}

const pageWith = (texts: string[]) =>
  pageWithParagraphs(first, { id: world.ids.owner, header: world.as.owner }, world.space.id, texts);

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, first.database);
  firstUrl = await listenForSockets(first);
  secondUrl = await listenForSockets(second);
  world = await buildSpaceWithRoles(first.db);
});

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  await second.close();
  await first.close();
});

describe('live editing on several instances', () => {
  it('shows editors on different instances what the others type', async () => {
    const pageId = await pageWith(['一', '二']);
    const here = connect(firstUrl, pageId, 'editor');
    const there = connect(secondUrl, pageId, 'owner');
    await Promise.all([here.synced, there.synced]);
    typeInto(here.doc, 'b0', 1, '号');
    typeInto(there.doc, 'b1', 1, '号');
    await until(
      () => blockText(there.doc, 'b0') === '一号' && blockText(here.doc, 'b1') === '二号',
    );
  });

  it('keeps every logged update when the instance holding the page goes away', async () => {
    const third = await createTestApp({}, first.database);
    const thirdUrl = await listenForSockets(third);
    const pageId = await pageWith(['存']);
    const editor = connect(thirdUrl, pageId, 'editor');
    await editor.synced;
    typeInto(editor.doc, 'b0', 1, '好了');
    // the server has it once it confirms the change
    await until(() => !editor.provider.hasUnsyncedChanges);
    editor.destroy();
    await third.close();

    const again = connect(firstUrl, pageId, 'admin');
    await again.synced;
    expect(blockText(again.doc, 'b0')).toBe('存好了');
    const res = await first.call(
      'GET',
      `/api/v2/space/page/${pageId}/block?version=0`,
      world.as.admin,
    );
    expect(blockTexts(res.body.data.blocks)).toEqual(['存好了']);
  });
});

describe('versions of a page being edited live', () => {
  it('publishes the document as it is at that moment', async () => {
    const pageId = await pageWith(['旧']);
    const editor = connect(firstUrl, pageId, 'editor');
    await editor.synced;
    typeInto(editor.doc, 'b0', 1, '的变新的');
    // in the log (not yet in the rows) as soon as another instance's editor sees it
    const watcher = connect(secondUrl, pageId, 'admin');
    await watcher.synced;
    await until(() => blockText(watcher.doc, 'b0') === '旧的变新的');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const res = await first.call('POST', `/api/v2/space/page/${pageId}/version`, world.as.editor, {
      name: '第一版',
    });
    expect(res.status).toBe(200);
    const version = await first.call(
      'GET',
      `/api/v2/space/page/${pageId}/block?version=${res.body.data.version}`,
      world.as.editor,
    );
    expect(blockTexts(version.body.data.blocks)).toEqual(['旧的变新的']);
  });

  it('restores a version into the live document', async () => {
    const pageId = await pageWith(['第一稿']);
    const published = await first.call(
      'POST',
      `/api/v2/space/page/${pageId}/version`,
      world.as.owner,
      { name: '初稿' },
    );
    expect(published.status).toBe(200);
    const editor = connect(secondUrl, pageId, 'editor');
    await editor.synced;
    typeInto(editor.doc, 'b0', 3, '，改过');
    await until(async () => {
      const res = await first.call(
        'GET',
        `/api/v2/space/page/${pageId}/block?version=0`,
        world.as.owner,
      );
      return blockTexts(res.body.data.blocks)[0] === '第一稿，改过';
    }, 3000);
    const restored = await first.call(
      'POST',
      `/api/v2/space/page/${pageId}/version/${published.body.data.version}/restore`,
      world.as.owner,
    );
    expect(restored.status).toBe(200);
    await until(() => blockText(editor.doc, 'b0') === '第一稿');
  });
});
