// Published versions of a page: publishing the draft as a named snapshot, listing versions,
// comparing one with the draft block by block, restoring one into the draft, unpublishing.
import {
  ErrorCode,
  type Block,
  type BlockDiff,
  type PageRevision,
  type PageVersion,
  type PageVersionDiff,
  type PageVersionList,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { accessNode, accessPage } from '../space/index.js';
import { audienceOf, versionShown } from '../space/index.js';
import { presentVersion } from './page.presenter.js';
import { currentDraft, replaceDraft } from './page-document.service.js';
import * as repo from './page.repo.js';

/** Snapshots the draft as the next version with that name and makes readers see it. */
export async function publish(
  db: Database,
  userId: number,
  pageId: string,
  rawName: string,
): Promise<PageVersion> {
  await accessNode(db, userId, pageId, 'edit', 'page');
  const name = rawName.trim();
  if (!name) throw new AppError(ErrorCode.versionNameEmpty);
  try {
    const row = await db.transaction(async (tx) => {
      if (!(await repo.lockPage(tx, pageId))) throw new AppError(ErrorCode.dataMissing);
      if (await repo.versionNameTaken(tx, pageId, name)) {
        throw new AppError(ErrorCode.versionNameDuplicate);
      }
      const version = (await repo.latestVersionNumber(tx, pageId)) + 1;
      const inserted = await repo.insertVersion(tx, {
        pageId,
        version,
        name,
        blocks: await currentDraft(tx, pageId, new Date()),
        createdBy: userId,
      });
      await repo.setPublishedVersion(tx, pageId, version);
      await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
      await enqueueJob(tx, Job.notifyPublish, { pageId, version });
      return inserted;
    });
    return presentVersion(row, row.version, await repo.people(db, [userId]));
  } catch (error) {
    // the page lock serialises publishing; this only guards the unique index itself
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.versionNameDuplicate);
    throw error;
  }
}

/** Editors see every version; readers only the published one. Newest first. */
export async function listVersions(
  db: Database,
  userId: number | null,
  pageId: string,
): Promise<PageVersionList> {
  const { node, role } = await accessPage(db, userId, pageId, 'read');
  const audience = audienceOf(role);
  const rows = (await repo.listVersions(db, pageId)).filter((row) =>
    versionShown(audience, node, row.version),
  );
  const people = await repo.people(
    db,
    rows.map((row) => row.createdBy),
  );
  return { list: rows.map((row) => presentVersion(row, node.publishedVersion, people)) };
}

async function versionOf(db: Database, pageId: string, version: number) {
  const row = await repo.findVersion(db, pageId, version);
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return row;
}

export async function diffVersion(
  db: Database,
  userId: number,
  pageId: string,
  version: number,
): Promise<PageVersionDiff> {
  await accessNode(db, userId, pageId, 'edit', 'page');
  const row = await versionOf(db, pageId, version);
  return { list: diffBlocks(repo.blocksOf(row.blocks), await repo.draftBlocks(db, pageId)) };
}

/**
 * Top-level blocks of `before` (a version) against `after` (the draft), in the draft's order.
 * A removed block is listed after the nearest block before it in the version that the draft
 * still has (at the top when there is none), so it shows where it was.
 */
export function diffBlocks(before: Block[], after: Block[]): BlockDiff[] {
  const beforeById = new Map(before.map((block) => [block.id, block]));
  const afterIds = new Set(after.map((block) => block.id));
  const removedAfter = new Map<string | null, Block[]>();
  let anchor: string | null = null;
  for (const block of before) {
    if (afterIds.has(block.id)) {
      anchor = block.id;
      continue;
    }
    const group = removedAfter.get(anchor);
    if (group) group.push(block);
    else removedAfter.set(anchor, [block]);
  }
  const removed = (id: string | null): BlockDiff[] =>
    (removedAfter.get(id) ?? []).map((block) => ({
      blockId: block.id,
      change: 'removed',
      before: block,
    }));

  const list: BlockDiff[] = removed(null);
  for (const block of after) {
    const old = beforeById.get(block.id);
    if (!old) list.push({ blockId: block.id, change: 'added', after: block });
    else
      list.push({
        blockId: block.id,
        change: sameJson(old, block) ? 'unchanged' : 'changed',
        before: old,
        after: block,
      });
    list.push(...removed(block.id));
  }
  return list;
}

/** Deep equality of JSON values regardless of key order (jsonb reorders keys). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}

/** Replaces the draft's blocks with the version's; the draft's revision goes up. */
export async function restoreVersion(
  db: Database,
  userId: number,
  pageId: string,
  version: number,
): Promise<PageRevision> {
  await accessNode(db, userId, pageId, 'edit', 'page');
  const row = await versionOf(db, pageId, version);
  const seen = new Set<string>();
  const blocks = repo.blocksOf(row.blocks).filter((block) => {
    const fresh = !seen.has(block.id) && block.id.length > 0;
    seen.add(block.id);
    return fresh;
  });
  return db.transaction(async (tx) => {
    const now = new Date();
    const bumped = await repo.bumpRevision(tx, pageId, userId, now);
    if (!bumped) throw new AppError(ErrorCode.dataMissing);
    await replaceDraft(tx, pageId, blocks, now);
    await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
    return { revision: bumped.revision };
  });
}

/** Readers no longer see any version; 900012 when none was published. */
export async function unpublish(db: Database, userId: number, pageId: string): Promise<void> {
  await accessNode(db, userId, pageId, 'edit', 'page');
  if (!(await repo.clearPublishedVersion(db, pageId))) {
    throw new AppError(ErrorCode.versionNotPublished);
  }
  await enqueueJob(db, Job.indexPage, { pageId }, { key: pageId });
}
