// Live editing: a WebSocket at /api/v1/collab speaking the Hocuspocus protocol, one Yjs document
// per page (`page:{pageId}`, BlockNote's content in the fragment `document-store`).
//
// - Who may connect: the provider's token is a session token (or, from our own origin, the
//   `token` cookie); the caller must edit the page. Every refusal looks the same, so nobody learns
//   whether a page exists. A connection whose session is revoked, or whose access is lost (an
//   announcement on the access channel), is closed within a few seconds.
// - Durability: every update a client sends is logged in the database within `flushMs`; the log
//   is merged into the document's state now and then and when the document is closed.
// - Several instances: each logged update is announced (`library_page_document`), and every
//   instance holding that page open reads what it has not seen from the log and applies it, so
//   editors connected to different instances see each other's changes. With Redis (REDIS_URL)
//   updates and awareness also travel through it (redis-relay.ts), sooner; the log stays the
//   record and the catch-up path. Without it awareness goes through PostgreSQL
//   (awareness-relay.ts).
// - One truth: the draft's block rows are derived from the document `deriveMs` after the last edit
//   and when the last editor leaves (page module: deriveDraftRows).
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  Hocuspocus,
  type Connection,
  type Document,
  type onAuthenticatePayload,
} from '@hocuspocus/server';
import { collabPath, pageDocumentName, pageDocumentPrefix } from '@library/contract';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { DatabaseHandle } from '../../db/database.js';
import {
  announcedPage,
  blocksOfDocument,
  compactPageDocument,
  deriveDraftRows,
  loadPageDocument,
  logPageDocumentUpdates,
  pageDocumentChannel,
  pageDocumentSince,
} from '../page/index.js';
import {
  createSocketSessionResolver,
  watchRevocation,
  type Session,
  type SessionCache,
} from '../session/index.js';
import { accessNode, type AccessCache } from '../space/index.js';
import { createAwarenessRelay } from './awareness-relay.js';
import { partsOf, subtractLogged, type UpdateParts } from './logged-ranges.js';
import { createRedisRelay } from './redis-relay.js';

/** an update a client sent is in the database this soon (the log's promise is 100 ms) */
const flushMs = 20;
/** the draft's rows follow the document this long after the last edit (promised: 2 s) */
const deriveMs = 1500;
/** …and at least this often while editing goes on */
const deriveAtMostMs = 10_000;
/** logged updates merged into the document's state once this many were logged here */
const compactEvery = 200;
/** access announcements are gathered this long before open connections are checked again */
const recheckMs = 1000;
/**
 * an update relayed through Redis that the log has not shown this long is logged here too: the
 * instance that relayed it may have died before logging it (logging twice changes nothing)
 */
const relayedWaitMs = 2000;
/** the largest message a client may send (a pasted document can be large) */
const maxMessageBytes = 32 * 1024 * 1024;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The origin of updates read back from the log: applied here, never logged again. */
const fromLog = Symbol('from the log');

interface Editor {
  userId: number;
  tokenId: string;
  pageId: string;
}

/** What this instance keeps for each page document it holds open. */
interface LivePage {
  pageId: string;
  /** the last logged update this instance has applied */
  seen: number;
  /** updates received, not yet logged */
  pending: Uint8Array[];
  flushTimer: NodeJS.Timeout | undefined;
  /** logging, reading the log and merging run one after another per page */
  queue: Promise<void>;
  loggedSinceCompact: number;
  /** who changed it last: named as the draft's last editor */
  lastEditor: number | undefined;
  /** updates relayed through Redis, with what of each the log has not shown yet */
  relayed: Array<{ update: Uint8Array; unlogged: UpdateParts; at: number }>;
  relayedTimer: NodeJS.Timeout | undefined;
  /** a read of the log queued and not yet begun */
  catchUpWaiting: Promise<void> | undefined;
}

interface OpenConnection {
  connection: Connection;
  editor: Editor;
  stopWatching: () => void;
}

export interface CollabDeps {
  database: DatabaseHandle;
  sessions: SessionCache;
  access: AccessCache;
  trustedOrigins: string[];
  log: FastifyBaseLogger;
  /** relays updates and awareness through Redis; PostgreSQL relays awareness without it */
  redisUrl?: string | undefined;
}

export interface CollabServer {
  /** Takes an HTTP upgrade to `collabPath`; false for any other path (not ours to answer). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Logs every update received, closes every connection and stops listening. */
  close(): Promise<void>;
  hocuspocus: Hocuspocus;
}

export function pageIdOf(documentName: string): string | undefined {
  if (!documentName.startsWith(pageDocumentPrefix)) return undefined;
  const pageId = documentName.slice(pageDocumentPrefix.length);
  return uuidPattern.test(pageId) ? pageId.toLowerCase() : undefined;
}

export async function createCollabServer(deps: CollabDeps): Promise<CollabServer> {
  const { database, sessions, access, log } = deps;
  const db = database.db;
  const socketSession = createSocketSessionResolver(db, deps.trustedOrigins);
  /** names this instance in the announcements of what it logged */
  const instance = crypto.randomUUID();
  const pages = new Map<string, LivePage>();
  const open = new Set<OpenConnection>();
  const redisRelay = deps.redisUrl ? createRedisRelay(deps.redisUrl, log) : undefined;
  const awarenessRelay = redisRelay ? undefined : await createAwarenessRelay({ database, log });

  const livePage = (document: Document) => pages.get(document.name);
  const enqueue = (page: LivePage, work: () => Promise<void>) => {
    page.queue = page.queue.then(work).catch((error: unknown) => {
      log.error({ err: error, pageId: page.pageId }, 'live page document: work failed');
    });
    return page.queue;
  };

  const flush = (page: LivePage): Promise<void> => {
    clearTimeout(page.flushTimer);
    page.flushTimer = undefined;
    return enqueue(page, async () => {
      const updates = page.pending;
      if (updates.length === 0) return;
      page.pending = [];
      try {
        await logPageDocumentUpdates(db, page.pageId, [Y.mergeUpdates(updates)], instance);
      } catch (error) {
        // kept for the next try; clients also send what the server lacks when they reconnect
        page.pending = [...updates, ...page.pending];
        page.flushTimer ??= setTimeout(() => void flush(page), 500);
        throw error;
      }
      page.loggedSinceCompact += 1;
      if (page.loggedSinceCompact >= compactEvery) {
        page.loggedSinceCompact = 0;
        await compactPageDocument(db, page.pageId);
      }
    });
  };

  /**
   * Applies what other instances (or the API) logged since this instance last looked. A read
   * waiting its turn reads whatever was logged by then, so announcements arriving meanwhile add
   * no read of their own: under steady typing on two instances they would queue up behind each
   * other and the page's own logging.
   */
  const catchUp = (page: LivePage, document: Document) => {
    if (page.catchUpWaiting) return page.catchUpWaiting;
    page.catchUpWaiting = enqueue(page, async () => {
      page.catchUpWaiting = undefined;
      const news = await pageDocumentSince(db, page.pageId, page.seen);
      if (!news) return;
      Y.applyUpdate(document, news.update, fromLog);
      page.seen = Math.max(page.seen, news.through);
      if (page.relayed.length > 0) {
        const logged = partsOf(news.update);
        page.relayed = page.relayed.filter((entry) => !subtractLogged(entry.unlogged, logged));
      }
    });
    return page.catchUpWaiting;
  };

  /** What was relayed and is not in the log after `relayedWaitMs` is logged here. */
  const logOverdueRelayed = async (page: LivePage, document: Document) => {
    page.relayedTimer = undefined;
    await catchUp(page, document);
    const due = Date.now() - relayedWaitMs;
    const overdue = page.relayed.filter((entry) => entry.at <= due);
    if (overdue.length > 0) {
      page.relayed = page.relayed.filter((entry) => entry.at > due);
      log.warn(
        { pageId: page.pageId, updates: overdue.length },
        'live page document: relayed updates never logged by their instance, logged here',
      );
      page.pending.push(...overdue.map((entry) => entry.update));
      void flush(page);
    }
    if (page.relayed.length > 0 && pages.get(document.name) === page) {
      page.relayedTimer = setTimeout(() => void logOverdueRelayed(page, document), relayedWaitMs);
    }
  };

  // Hocuspocus sends the client an error's `reason`, and prints the error when it has a message:
  // a refusal is an answer, not a fault, so it has none
  const refuse = () => Object.assign(new Error(), { reason: 'permission-denied' });

  async function authenticate(payload: onAuthenticatePayload): Promise<Editor> {
    const pageId = pageIdOf(payload.documentName);
    if (!pageId) throw refuse();
    const session = await socketSession(payload.token ?? '', payload.requestHeaders);
    if (!session) throw refuse();
    try {
      await accessNode(db, session.userId, pageId, 'edit', 'page');
    } catch {
      throw refuse();
    }
    return { userId: session.userId, tokenId: session.tokenId, pageId };
  }

  const stillEdits = async (editor: Editor) => {
    try {
      await accessNode(db, editor.userId, editor.pageId, 'edit', 'page');
      return true;
    } catch {
      return false;
    }
  };

  const closeConnection = (entry: OpenConnection) => {
    if (!open.delete(entry)) return;
    entry.stopWatching();
    entry.connection.close({ code: 4403, reason: 'permission-denied' });
  };

  // access announcements gathered for a moment, then every open connection they may touch is
  // asked again (a page moved to the bin, a member removed or demoted, a space deleted)
  let recheckTimer: NodeJS.Timeout | undefined;
  let recheckUsers: Set<string> | 'all' = new Set();
  const recheckSoon = (kind: string, id: string) => {
    if (kind === 'user' && recheckUsers !== 'all') recheckUsers.add(id);
    else recheckUsers = 'all';
    recheckTimer ??= setTimeout(() => {
      recheckTimer = undefined;
      const users = recheckUsers;
      recheckUsers = new Set();
      for (const entry of open) {
        if (users !== 'all' && !users.has(String(entry.editor.userId))) continue;
        void stillEdits(entry.editor).then((allowed) => {
          if (!allowed) closeConnection(entry);
        });
      }
    }, recheckMs);
  };
  const stopAccessWatch = access.watch(recheckSoon);

  const hocuspocus = new Hocuspocus({
    quiet: true,
    extensions: redisRelay ? [redisRelay] : [],
    debounce: deriveMs,
    maxDebounce: deriveAtMostMs,
    unloadImmediately: true,

    async onAuthenticate(payload) {
      return authenticate(payload);
    },

    async connected({ connection, context }) {
      const editor = context as Editor;
      const session: Session = { userId: editor.userId, tokenId: editor.tokenId } as Session;
      const entry: OpenConnection = { connection, editor, stopWatching: () => undefined };
      entry.stopWatching = watchRevocation(db, sessions, session, () => closeConnection(entry));
      open.add(entry);
      connection.onClose(() => {
        if (open.delete(entry)) entry.stopWatching();
      });
      // access may have changed between the check and now
      if (!(await stillEdits(editor))) closeConnection(entry);
    },

    async onLoadDocument({ document, documentName }) {
      const pageId = pageIdOf(documentName)!;
      const stored = await loadPageDocument(db, pageId);
      Y.applyUpdate(document, stored.update, fromLog);
      pages.set(documentName, {
        pageId,
        seen: stored.through,
        pending: [],
        flushTimer: undefined,
        queue: Promise.resolve(),
        loggedSinceCompact: 0,
        lastEditor: undefined,
        relayed: [],
        relayedTimer: undefined,
        catchUpWaiting: undefined,
      });
    },

    async afterLoadDocument({ document, documentName }) {
      awarenessRelay?.watch(pageIdOf(documentName)!, document);
    },

    async onChange({ document, update, transactionOrigin, context }) {
      if (transactionOrigin === fromLog) return;
      const page = livePage(document);
      if (!page) return;
      if (redisRelay && transactionOrigin === redisRelay.redisTransactionOrigin) {
        // logged by the instance its editor is on; watched until the log shows it
        page.relayed.push({ update, unlogged: partsOf(update), at: Date.now() });
        page.relayedTimer ??= setTimeout(
          () => void logOverdueRelayed(page, document),
          relayedWaitMs,
        );
        return;
      }
      page.pending.push(update);
      const editor = context as Partial<Editor>;
      if (editor.userId !== undefined) page.lastEditor = editor.userId;
      page.flushTimer ??= setTimeout(() => void flush(page), flushMs);
    },

    async onStoreDocument({ document }) {
      const page = livePage(document);
      if (!page || page.lastEditor === undefined) return;
      await deriveDraftRows(db, page.pageId, blocksOfDocument(document), page.lastEditor);
    },

    async afterUnloadDocument({ documentName }) {
      const page = pages.get(documentName);
      if (!page) return;
      pages.delete(documentName);
      awarenessRelay?.unwatch(page.pageId);
      await flush(logRelayed(page));
      await enqueue(page, () => compactPageDocument(db, page.pageId));
    },
  });

  /** Leaving the page: what was relayed and not yet seen in the log is logged here. */
  const logRelayed = (page: LivePage) => {
    clearTimeout(page.relayedTimer);
    page.relayedTimer = undefined;
    page.pending.push(...page.relayed.map((entry) => entry.update));
    page.relayed = [];
    return page;
  };

  const subscription = await database.listen(pageDocumentChannel, {
    onMessage(payload) {
      const { pageId, loggedBy } = announcedPage(payload);
      // what this instance logged, it holds already
      if (loggedBy === instance) return;
      const document = hocuspocus.documents.get(pageDocumentName(pageId));
      const page = document && livePage(document);
      if (document && page) void catchUp(page, document);
    },
    onUp() {
      // announcements may have been missed while not listening: every open page looks again
      for (const [name, page] of pages) {
        const document = hocuspocus.documents.get(name);
        if (document) void catchUp(page, document);
      }
    },
    onDown() {},
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });

  return {
    hocuspocus,
    handleUpgrade(request, socket, head) {
      const path = (request.url ?? '').split('?')[0];
      if (path !== collabPath) return false;
      sockets.handleUpgrade(request, socket, head, (websocket) => {
        hocuspocus.handleConnection(websocket, request);
      });
      return true;
    },
    async close() {
      stopAccessWatch();
      clearTimeout(recheckTimer);
      for (const entry of open) entry.stopWatching();
      open.clear();
      // the rows of every page still waiting for them are derived before the database goes
      const derivations = [...hocuspocus.documents.keys()].map((name) =>
        hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`),
      );
      hocuspocus.closeConnections();
      await Promise.allSettled(derivations);
      await Promise.all([...pages.values()].map((page) => flush(logRelayed(page))));
      for (const websocket of sockets.clients) websocket.terminate();
      sockets.close();
      await subscription.close();
      await awarenessRelay?.close();
      await redisRelay?.onDestroy();
    },
  };
}
