// Live editing clients for tests: the Hocuspocus provider the web app uses (4.x, default options),
// over the `ws` package, connected to a test app listening on a port.
import { HocuspocusProvider } from '@hocuspocus/provider';
import { pageDocumentFragment } from '@library/contract';
import WebSocket from 'ws';
import * as Y from 'yjs';

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
