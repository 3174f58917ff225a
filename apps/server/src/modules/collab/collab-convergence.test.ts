// Five editors on two instances make 200 random edits each at once (seeded): every document ends
// identical, and the draft's rows are the blocks that document holds.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { pageDocumentFragment } from '@library/contract';
import {
  connectCollab,
  listenForSockets,
  pageWithParagraphs,
  until,
  type CollabClient,
} from '../../../test/collab-clients.js';
import { buildSpaceWithRoles } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { blocksOfDocument } from '../page/index.js';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, first.database);
});

afterAll(async () => {
  await second.close();
  await first.close();
});

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const words = ['图书馆', '空间', '页面', 'live ', '编辑', '同步', '🙂', 'x'];

/** One random edit, as a person in BlockNote would make it: type, delete, add or drop a block. */
function randomEdit(doc: Y.Doc, random: () => number, name: string, step: number) {
  const group = doc.getXmlFragment(pageDocumentFragment).get(0) as Y.XmlElement;
  const blocks = group.toArray() as Y.XmlElement[];
  const pick = random();
  if (pick < 0.1 || blocks.length === 0) {
    const container = new Y.XmlElement('blockContainer');
    container.setAttribute('id', `${name}-${step}`);
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.setAttribute('backgroundColor', 'default');
    paragraph.setAttribute('textColor', 'default');
    paragraph.setAttribute('textAlignment', 'left');
    paragraph.insert(0, [new Y.XmlText(words[Math.floor(random() * words.length)]!)]);
    container.insert(0, [paragraph]);
    group.insert(Math.floor(random() * (blocks.length + 1)), [container]);
    return;
  }
  const block = blocks[Math.floor(random() * blocks.length)]!;
  if (pick < 0.14 && blocks.length > 2) {
    group.delete(blocks.indexOf(block), 1);
    return;
  }
  const content = block.get(0) as Y.XmlElement;
  let text = content.get(0);
  if (!(text instanceof Y.XmlText)) {
    text = new Y.XmlText();
    content.insert(0, [text]);
  }
  const xmlText = text as Y.XmlText;
  if (pick < 0.3 && xmlText.length > 0) {
    const at = Math.floor(random() * xmlText.length);
    xmlText.delete(at, Math.min(1 + Math.floor(random() * 3), xmlText.length - at));
  } else {
    const word = words[Math.floor(random() * words.length)]!;
    xmlText.insert(Math.floor(random() * (xmlText.length + 1)), word);
  }
}

it('5 editors × 200 random concurrent edits converge to one document and its rows', async () => {
  const world = await buildSpaceWithRoles(first.db);
  const pageId = await pageWithParagraphs(
    first,
    { id: world.ids.owner, header: world.as.owner },
    world.space.id,
    ['甲', '乙', '丙'],
  );
  const urls = [await listenForSockets(first), await listenForSockets(second)];
  const callers = ['owner', 'admin', 'editor', 'owner', 'editor'] as const;
  const clients: CollabClient[] = callers.map((caller, index) =>
    connectCollab(
      urls[index % 2]!,
      pageId,
      world.as[caller].authorization!.slice('Bearer '.length),
    ),
  );
  try {
    await Promise.all(clients.map((client) => client.synced));
    await Promise.all(
      clients.map(async (client, index) => {
        const random = seeded(1000 + index);
        for (let step = 0; step < 200; step += 1) {
          randomEdit(client.doc, random, `c${index}`, step);
          if (random() < 0.3) await new Promise((resolve) => setTimeout(resolve, random() * 5));
        }
      }),
    );
    const fragmentOf = (client: CollabClient) =>
      client.doc.getXmlFragment(pageDocumentFragment).toString();
    await until(
      () => clients.every((client) => fragmentOf(client) === fragmentOf(clients[0]!)),
      20_000,
    );
    const blocks = blocksOfDocument(clients[0]!.doc);
    for (const client of clients) expect(blocksOfDocument(client.doc)).toEqual(blocks);
    await until(async () => {
      const res = await first.call(
        'GET',
        `/api/v2/space/page/${pageId}/block?version=0`,
        world.as.owner,
      );
      return isDeepStrictEqual(res.body.data.blocks, blocks);
    }, 15_000);
  } finally {
    for (const client of clients) client.destroy();
  }
}, 120_000);
