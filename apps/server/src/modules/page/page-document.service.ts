// A page's live document: its Yjs state and update log in the database, and the draft's block
// rows derived from it. Once a page has a document it is the draft's one truth: live editors
// change it through the collaboration endpoint, and every other write (a save through the API,
// restoring a version, filling a template) is applied to it as one update, which live editors
// receive like any other. A page nobody has opened live keeps its rows as the truth; its
// document is made from them the first time it is opened.
import { isDeepStrictEqual } from 'node:util';
import { pageMentions, type Block, type BlockChange } from '@library/contract';
import * as Y from 'yjs';
import type { Database, Executor } from '../../db/database.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { planBlockSave } from './page-block-changes.js';
import {
  blocksAfterChanges,
  blocksOfDocument,
  documentFromBlocks,
  writeDocumentBlocks,
} from './page-document.js';
import * as documents from './page-document.repo.js';
import * as repo from './page.repo.js';

export { announcedPage, pageDocumentChannel } from './page-document.repo.js';

/** A document's content as stored: one update, and the last logged update it includes. */
export interface StoredDocument {
  update: Uint8Array;
  through: number;
}

/** The origin of changes the server makes to a document itself (an API save, a restore). */
export const serverOrigin = Symbol('server');

/**
 * The page's document as stored: its state and every logged update, as one update. The first
 * time, the document is made from the draft's rows (when two instances do that at once, the
 * first one's stands and both load it).
 */
export async function loadPageDocument(db: Database, pageId: string): Promise<StoredDocument> {
  const stored = await storedSince(db, pageId, null);
  if (stored) return stored;
  const blocks = await repo.draftBlocks(db, pageId);
  await documents.insertDocument(db, pageId, documentFromBlocks(blocks));
  const made = await storedSince(db, pageId, null);
  if (!made) throw new Error(`page ${pageId}: its document was not kept`);
  return made;
}

/**
 * What was logged after update `afterId`, as one update (with the merged state too when a merge
 * folded in updates after `afterId`); undefined when the page has no document or nothing new.
 */
export async function pageDocumentSince(
  db: Database,
  pageId: string,
  afterId: number,
): Promise<StoredDocument | undefined> {
  const stored = await storedSince(db, pageId, afterId);
  return stored && stored.through > afterId ? stored : undefined;
}

/** What was logged after `afterId`, or everything (null). */
async function storedSince(db: Database, pageId: string, afterId: number | null) {
  return db.transaction(async (tx) => {
    const row = await documents.lockDocument(tx, pageId, 'read');
    if (!row) return undefined;
    const merged = afterId === null || row.through > afterId;
    const updates = await documents.updatesAfter(tx, pageId, merged ? row.through : afterId);
    const parts = [...(merged ? [row.state] : []), ...updates.map((entry) => entry.update)];
    return {
      update: parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts),
      through: Math.max(row.through, updates.at(-1)?.id ?? 0),
    };
  });
}

/** Logs updates live editors made on instance `loggedBy`, announced to every instance at commit. */
export async function logPageDocumentUpdates(
  db: Database,
  pageId: string,
  updates: Uint8Array[],
  loggedBy: string,
): Promise<void> {
  if (updates.length === 0) return;
  await db.transaction(async (tx) => {
    if (!(await documents.lockDocument(tx, pageId, 'write'))) return; // the page was purged
    await documents.appendUpdates(tx, pageId, updates, loggedBy);
  });
}

/** Merges the page's logged updates into its state, so that loading it stays quick. */
export async function compactPageDocument(db: Database, pageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await documents.lockDocument(tx, pageId, 'write');
    if (!row) return;
    const updates = await documents.updatesAfter(tx, pageId, 0);
    if (updates.length === 0) return;
    const state = Y.mergeUpdates([row.state, ...updates.map((entry) => entry.update)]);
    await documents.replaceState(tx, pageId, state, updates.at(-1)!.id);
  });
}

/**
 * Derives the draft's rows from the document's blocks: writes the rows that differ and raises
 * the revision when any did. Returns whether anything changed.
 */
export async function deriveDraftRows(
  db: Database,
  pageId: string,
  blocks: Block[],
  userId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    // a page in the recycle bin keeps the rows it had when it went there
    if (!(await repo.lockPage(tx, pageId))) return false;
    const before = await writeDraftRows(tx, pageId, blocks, now);
    if (!before) return false;
    await repo.bumpRevision(tx, pageId, userId, now);
    await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
    // the people mentioned since the rows were last written hear of it, as by the last editor
    const earlier = pageMentions(before);
    const added = [...pageMentions(blocks)].filter(([mentioned]) => !earlier.has(mentioned));
    if (added.length > 0) {
      await enqueueJob(tx, Job.notifyPageMentions, {
        pageId,
        actorId: userId,
        mentions: added.map(([mentioned, blockId]) => ({ userId: mentioned, blockId })),
      });
    }
    return true;
  });
}

/**
 * A save's changes made to the draft in the caller's transaction: to the document when the page
 * has one, else to the rows. Changes that do not fit the draft's rows (the blocks the saver
 * loaded) throw `BlockChangeError`.
 */
export async function changeDraft(
  tx: Executor,
  pageId: string,
  changes: BlockChange[],
  now: Date,
): Promise<void> {
  const plan = planBlockSave(await repo.draftPositions(tx, pageId), changes);
  const live = await editDocument(tx, pageId, (blocks) => blocksAfterChanges(blocks, changes));
  if (live) {
    await writeDraftRows(tx, pageId, live, now);
    return;
  }
  await repo.deleteBlocks(tx, pageId, plan.deletes);
  await repo.upsertBlocks(tx, pageId, plan.upserts, now);
  await repo.moveBlocks(tx, pageId, plan.moves, now);
}

/** Replaces the draft's blocks (restoring a version, filling a template), in the caller's transaction. */
export async function replaceDraft(
  tx: Executor,
  pageId: string,
  blocks: Block[],
  now: Date,
): Promise<void> {
  const live = await editDocument(tx, pageId, () => blocks);
  await writeDraftRows(tx, pageId, live ?? blocks, now);
}

/**
 * The draft as it is now, for publishing: when the page has a document, its rows are first brought
 * up to what was logged (live edits not yet derived), in the caller's transaction.
 */
export async function currentDraft(tx: Executor, pageId: string, now: Date): Promise<Block[]> {
  const live = await editDocument(tx, pageId, (blocks) => blocks);
  if (!live) return repo.draftBlocks(tx, pageId);
  await writeDraftRows(tx, pageId, live, now);
  return live;
}

/**
 * Applies `edit` to the page's document as one logged update; the blocks the document then
 * holds, or undefined when the page has no document.
 */
async function editDocument(
  tx: Executor,
  pageId: string,
  edit: (blocks: Block[]) => Block[],
): Promise<Block[] | undefined> {
  const row = await documents.lockDocument(tx, pageId, 'write');
  if (!row) return undefined;
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, row.state);
    for (const entry of await documents.updatesAfter(tx, pageId, row.through)) {
      Y.applyUpdate(doc, entry.update);
    }
    const before = Y.encodeStateVector(doc);
    writeDocumentBlocks(doc, edit(blocksOfDocument(doc)), serverOrigin);
    const update = Y.encodeStateAsUpdate(doc, before);
    // an update that changes nothing still encodes its (empty) delete set: two bytes
    if (update.length > 2) await documents.appendUpdates(tx, pageId, [update]);
    return blocksOfDocument(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * Makes the draft's rows hold `blocks` in that order, writing only the rows that differ: a block
 * kept in place keeps its row. Returns whether any row was written.
 */
/** Writes the rows that differ from `blocks`; the rows as they were, or undefined when none did. */
async function writeDraftRows(
  tx: Executor,
  pageId: string,
  blocks: Block[],
  now: Date,
): Promise<Block[] | undefined> {
  const rows = await repo.draftBlocks(tx, pageId);
  const changes = changesBetween(rows, blocks);
  if (changes.length === 0) return undefined;
  const plan = planBlockSave(await repo.draftPositions(tx, pageId), changes);
  await repo.deleteBlocks(tx, pageId, plan.deletes);
  await repo.upsertBlocks(tx, pageId, plan.upserts, now);
  await repo.moveBlocks(tx, pageId, plan.moves, now);
  return rows;
}

/**
 * The changes that turn `before` into `after`: deletions, then, in `after`'s order, each block
 * that is new, changed, or no longer right after the block before it. Fixing each block's
 * predecessor in order leaves every earlier one in place, so the result is `after`'s order.
 */
export function changesBetween(before: Block[], after: Block[]): BlockChange[] {
  const kept = new Set(after.map((block) => block.id));
  const old = new Map(before.map((block) => [block.id, block]));
  const changes: BlockChange[] = before
    .filter((block) => !kept.has(block.id))
    .map((block) => ({ op: 'delete', blockId: block.id }));
  // the working order as a doubly linked list over the surviving blocks
  const previous = new Map<string, string | null>();
  const next = new Map<string | null, string | null>();
  let last: string | null = null;
  for (const block of before) {
    if (!kept.has(block.id)) continue;
    previous.set(block.id, last);
    next.set(last, block.id);
    last = block.id;
  }
  next.set(last, null);
  const unlink = (id: string) => {
    const before = previous.get(id) ?? null;
    const after = next.get(id) ?? null;
    next.set(before, after);
    if (after !== null) previous.set(after, before);
  };
  const linkAfter = (id: string, anchor: string | null) => {
    const after = next.get(anchor) ?? null;
    next.set(anchor, id);
    previous.set(id, anchor);
    next.set(id, after);
    if (after !== null) previous.set(after, id);
  };
  let anchor: string | null = null;
  for (const block of after) {
    const existing = old.get(block.id);
    const inPlace = existing !== undefined && (previous.get(block.id) ?? null) === anchor;
    if (existing === undefined || !isDeepStrictEqual(existing, block)) {
      if (existing !== undefined) unlink(block.id);
      linkAfter(block.id, anchor);
      changes.push({ op: 'upsert', blockId: block.id, data: block, afterBlockId: anchor });
    } else if (!inPlace) {
      unlink(block.id);
      linkAfter(block.id, anchor);
      changes.push({ op: 'move', blockId: block.id, afterBlockId: anchor });
    }
    anchor = block.id;
  }
  return changes;
}
