// Pages: their details, the blocks a caller may see (the draft for editors, the published
// version for readers), and saving changed blocks against the revision the editor loaded.
import {
  ErrorCode,
  type SpaceAccessRole,
  type PageDetail,
  type PageRevision,
  type SavePageBlocksRequest,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { okJson } from '../../http/envelope.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import type { AccessCache } from '../space/index.js';
import { editorsMayShare } from '../space/index.js';
import { accessNode, accessPage, type NodeRow } from '../space/index.js';
import { shareSwitchDecides } from '../space/index.js';
import { audienceOf, pageShown, versionShown, type Audience } from '../space/index.js';
import { draftKey, versionKey, type BlocksCache } from './blocks-cache.js';
import { BlockChangeError } from './page-block-changes.js';
import { changeDraft } from './page-document.service.js';
import { presentPage } from './page.presenter.js';
import * as repo from './page.repo.js';

export async function getPage(
  db: Database,
  userId: number | null,
  pageId: string,
  access?: AccessCache,
): Promise<PageDetail> {
  const { node, role } = await accessPage(db, userId, pageId, 'read', access);
  return pageDetail(db, node, role);
}

/** A page's details for a caller whose access was checked (by `accessPage` or a share). */
export async function pageDetail(
  db: Database,
  node: NodeRow,
  role: SpaceAccessRole,
): Promise<PageDetail> {
  const ids = [node.createdBy, ...(node.updatedBy === null ? [] : [node.updatedBy])];
  const [people, editorsShare] = await Promise.all([
    repo.people(db, ids),
    shareSwitchDecides(role) && editorsMayShare(db, node.spaceId),
  ]);
  return presentPage(node, role, editorsShare, people);
}

/**
 * `version` 0: the draft for editors, the published version for readers (404 when there is
 * none). `version` N: that version; readers only get the one currently published. Answered as
 * the envelope's JSON (`PageBlocks` in `data`), encoded: the blocks as the database wrote them.
 */
export async function getBlocksJson(
  db: Database,
  cache: BlocksCache,
  userId: number | null,
  pageId: string,
  version: number,
  access?: AccessCache,
): Promise<Buffer> {
  const { node, role } = await accessPage(db, userId, pageId, 'read', access);
  return shownBlocksJson(db, cache, node, audienceOf(role), version);
}

/**
 * `getBlocksJson` for a caller whose access was checked (by `accessPage` or a share): the draft
 * or a version as the audience may see it.
 */
export async function shownBlocksJson(
  db: Database,
  cache: BlocksCache,
  node: NodeRow,
  audience: Audience,
  version: number,
): Promise<Buffer> {
  const pageId = node.id;
  if (version === 0 && audience === 'editors') {
    // The revision was read before the blocks: a save landing in between makes the pair look
    // stale (the next save gets 409 and the editor reloads), never current over older blocks.
    const key = draftKey(pageId, node.revision);
    let body = cache.get(key);
    if (body === undefined) {
      body = blocksEnvelope(0, node.revision, await repo.draftBlocksJson(db, pageId));
      cache.set(key, body);
    }
    return body;
  }
  const wanted = version === 0 ? node.publishedVersion : version;
  if (wanted === null || !pageShown(audience, node) || !versionShown(audience, node, wanted)) {
    throw new AppError(ErrorCode.dataMissing);
  }
  const key = versionKey(pageId, wanted);
  let body = cache.get(key);
  if (body === undefined) {
    const blocks = await repo.versionBlocksJson(db, pageId, wanted);
    if (blocks === undefined) throw new AppError(ErrorCode.dataMissing);
    body = blocksEnvelope(wanted, null, blocks);
    cache.set(key, body);
  }
  return body;
}

function blocksEnvelope(version: number, revision: number | null, blocksJson: string) {
  return Buffer.from(
    okJson(`{"version":${version},"revision":${revision},"blocks":${blocksJson}}`),
  );
}

/**
 * Raises the draft's revision from `baseRevision` (and holds the page row until the transaction
 * ends); another current revision is refused with 409 + 100006 naming it.
 */
export async function bumpDraftRevision(
  tx: Executor,
  pageId: string,
  baseRevision: number,
  userId: number,
  now: Date,
): Promise<number> {
  const bumped = await repo.bumpRevisionFrom(tx, pageId, baseRevision, userId, now);
  if (bumped) return bumped.revision;
  const state = await repo.pageState(tx, pageId);
  if (!state) throw new AppError(ErrorCode.dataMissing);
  throw new AppError(ErrorCode.noRowsUpdated, {
    detail: `the page is at revision ${state.revision}, not ${baseRevision}`,
    data: { revision: state.revision },
  });
}

/**
 * Applies the changed blocks in one transaction. The conditional revision bump comes first: it
 * refuses a stale base and holds the page row, so concurrent saves of one page run one by one.
 */
export async function saveBlocks(
  db: Database,
  userId: number,
  pageId: string,
  { baseRevision, changes }: SavePageBlocksRequest,
): Promise<PageRevision> {
  await accessNode(db, userId, pageId, 'edit', 'page');
  return db.transaction(async (tx) => {
    const now = new Date();
    const revision = await bumpDraftRevision(tx, pageId, baseRevision, userId, now);
    try {
      await changeDraft(tx, pageId, changes, now);
    } catch (error) {
      if (error instanceof BlockChangeError) {
        throw new AppError(ErrorCode.paramError, { detail: error.message });
      }
      throw error;
    }
    await enqueueJob(tx, Job.indexPage, { pageId }, { key: pageId });
    return { revision };
  });
}
