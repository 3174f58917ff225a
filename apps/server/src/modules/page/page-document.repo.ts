// Queries for live page documents: the merged state, the log of updates not yet merged into it,
// and the announcement that a page's log grew (`library_page_document`, payload the page id),
// heard by every instance holding that document open.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { pageDocumentUpdates, pageDocuments } from '../../db/schema/index.js';

export const pageDocumentChannel = 'library_page_document';

/**
 * What an announcement names: the page, and the instance that logged live editors' updates (the
 * instance itself has them already and need not read them back); none for the server's own edits.
 */
export function announcedPage(payload: string): { pageId: string; loggedBy: string | null } {
  const separator = payload.indexOf(' ');
  if (separator < 0) return { pageId: payload, loggedBy: null };
  return { pageId: payload.slice(0, separator), loggedBy: payload.slice(separator + 1) };
}

/** Rows per multi-row insert of updates. */
const chunkSize = 500;

export async function findDocument(db: Executor, pageId: string) {
  const [row] = await db
    .select({ state: pageDocuments.state, through: pageDocuments.through })
    .from(pageDocuments)
    .where(eq(pageDocuments.pageId, pageId))
    .limit(1);
  return row;
}

/**
 * The document's row, held until the transaction ends. Writers (logging, merging) take it
 * `for no key update`, one at a time, so a page's log grows in commit order; readers take it
 * `for share`, so the state and the log they read belong together.
 */
export async function lockDocument(db: Executor, pageId: string, mode: 'write' | 'read') {
  const [row] = await db
    .select({ state: pageDocuments.state, through: pageDocuments.through })
    .from(pageDocuments)
    .where(eq(pageDocuments.pageId, pageId))
    .for(mode === 'write' ? 'no key update' : 'share')
    .limit(1);
  return row;
}

/** Makes the page's document; false when another writer made it first (theirs stands). */
export async function insertDocument(db: Executor, pageId: string, state: Uint8Array) {
  const rows = await db
    .insert(pageDocuments)
    .values({ pageId, state })
    .onConflictDoNothing()
    .returning({ pageId: pageDocuments.pageId });
  return rows.length > 0;
}

/** The logged updates after `afterId` (0: all of them), in the order they were logged. */
export async function updatesAfter(db: Executor, pageId: string, afterId: number) {
  return db
    .select({ id: pageDocumentUpdates.id, update: pageDocumentUpdates.update })
    .from(pageDocumentUpdates)
    .where(and(eq(pageDocumentUpdates.pageId, pageId), gt(pageDocumentUpdates.id, afterId)))
    .orderBy(asc(pageDocumentUpdates.id));
}

/** Logs the updates (under the write lock) and announces them at commit (`announcedPage`). */
export async function appendUpdates(
  db: Executor,
  pageId: string,
  updates: Uint8Array[],
  loggedBy: string | null = null,
) {
  for (let start = 0; start < updates.length; start += chunkSize) {
    await db.insert(pageDocumentUpdates).values(
      updates
        .slice(start, start + chunkSize)
        // the moment it was written, not the transaction's start
        .map((update) => ({ pageId, update, createdAt: sql`clock_timestamp()` })),
    );
  }
  const payload = loggedBy === null ? pageId : `${pageId} ${loggedBy}`;
  await db.execute(sql`select pg_notify(${pageDocumentChannel}, ${payload})`);
}

/** The merged state replaces the updates up to `through` (under the write lock). */
export async function replaceState(
  db: Executor,
  pageId: string,
  state: Uint8Array,
  through: number,
) {
  await db
    .update(pageDocuments)
    .set({ state, through, updatedAt: new Date() })
    .where(eq(pageDocuments.pageId, pageId));
  await db
    .delete(pageDocumentUpdates)
    .where(and(eq(pageDocumentUpdates.pageId, pageId), lte(pageDocumentUpdates.id, through)));
}
