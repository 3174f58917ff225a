// Live editing clients for tests: the Hocuspocus provider the web app uses (4.x, default options),
// over the `ws` package, connected to a test app listening on a port.
import { HocuspocusProvider } from '@hocuspocus/provider';
import { expect } from 'vitest';
import { pageDocumentFragment } from '@library/contract';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { buildPage, paragraphBlock } from './factories.js';
import type { TestApp } from './test-app.js';

/** Makes the test app listen on a port of its own; the base URL of its sockets. */
export async function listenForSockets(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}`;
}

/**
 * A page of the space whose draft has one paragraph per text (ids b0, b1 …), saved through the
 * API by the owner, as pages are before anyone edits them live.
 */
export async function pageWithParagraphs(
  app: TestApp,
  owner: { id: number; header: Record<string, string> },
  spaceId: string,
  texts: string[],
): Promise<string> {
  const page = await buildPage(app.db, spaceId, owner.id);
  const res = await app.call('PUT', `/api/v2/space/page/${page.id}/block`, owner.header, {
    baseRevision: 0,
    changes: texts.map((text, index) => ({
      op: 'upsert',
      blockId: `b${index}`,
      data: paragraphBlock(`b${index}`, text),
    })),
  });
  expect(res.status).toBe(200);
  return page.id;
}

/** The text of each block, as the block API answers them. */
export function blockTexts(blocks: Array<{ content?: unknown }>): string[] {
  return blocks.map((block) =>
    Array.isArray(block.content)
      ? block.content.map((part: { text?: string }) => part.text ?? '').join('')
      : '',
  );
}

export interface CollabClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** resolves once the first sync is done */
  synced: Promise<void>;
  /** resolves with the reason when the server refuses or closes this document */
  refused: Promise<string>;
  destroy(): void;
}

/** Connects to `page:{pageId}` at `baseUrl` (`ws://127.0.0.1:port`) with the session token. */
export function connectCollab(
  baseUrl: string,
  pageId: string,
  token: string | null,
  options: { documentName?: string } = {},
): CollabClient {
  const doc = new Y.Doc();
  let onSynced!: () => void;
  let onRefused!: (reason: string) => void;
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const refused = new Promise<string>((resolve) => (onRefused = resolve));
  const provider = new HocuspocusProvider({
    url: `${baseUrl}/api/v1/collab`,
    // Node 20 has no WebSocket of its own; the provider passes this on to its socket
    ...({ WebSocketPolyfill: WebSocket } as object),
    name: options.documentName ?? `page:${pageId}`,
    document: doc,
    token,
    onSynced: () => onSynced(),
    onAuthenticationFailed: ({ reason }) => onRefused(reason),
    onClose: ({ event }) => {
      if (event.reason) onRefused(event.reason);
    },
  });
  return {
    doc,
    provider,
    synced,
    refused,
    destroy() {
      provider.destroy();
    },
  };
}

/** The text of the paragraph (or other inline block) with that id, as the document holds it. */
export function blockText(doc: Y.Doc, blockId: string): string | undefined {
  const content = blockContent(doc, blockId);
  return content
    ?.toArray()
    .map((part) => (part instanceof Y.XmlText ? part.toString() : ''))
    .join('');
}

/** Types `text` at `index` of the block's text, as an editor would. */
export function typeInto(doc: Y.Doc, blockId: string, index: number, text: string) {
  const content = blockContent(doc, blockId);
  if (!content) throw new Error(`no block ${blockId} in the document`);
  let xmlText = content.get(0);
  if (!(xmlText instanceof Y.XmlText)) {
    xmlText = new Y.XmlText();
    content.insert(0, [xmlText]);
  }
  (xmlText as Y.XmlText).insert(index, text);
}

function blockContent(doc: Y.Doc, blockId: string): Y.XmlElement | undefined {
  const find = (element: Y.XmlElement | Y.XmlFragment): Y.XmlElement | undefined => {
    for (const child of element.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      if (child.nodeName === 'blockContainer' && child.getAttribute('id') === blockId) {
        const content = child.get(0);
        return content instanceof Y.XmlElement ? content : undefined;
      }
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return find(doc.getXmlFragment(pageDocumentFragment));
}

/** Waits until `check` holds (polling), failing after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
