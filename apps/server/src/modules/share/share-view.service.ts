// Reading through a share's link, without an account: what the link shows is what a reader of
// the space sees of the shared space, topic or page (published versions only, through the same
// services and `visibility.ts`), and nothing outside it; and only while its creator may
// still share in the space. A protected share answers 710001
// to everything but its meta until a grant from the unlock comes along. A revoked or expired
// share, a deleted space or target, an unpublished shared page, a creator who may no longer
// share: 404 for the link and its grants.
import {
  ErrorCode,
  type CommentList,
  type PageDetail,
  type ShareGrant,
  type ShareMeta,
  type TreeNode,
} from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import * as files from '../file/index.js';
import * as fileRepo from '../file/index.js';
import { findSpaceAi } from '../ai/index.js';
import type { BlocksCache } from '../page/index.js';
import { pageComments } from '../page/index.js';
import { pageDetail, shownBlocksJson } from '../page/index.js';
import type { NodeRow } from '../space/index.js';
import { roleInSpace } from '../space/index.js';
import { type Audience, fileShown, nodeShown, pageShown } from '../space/index.js';
import { buildTree, type TreeRow } from '../tree/index.js';
import * as treeRepo from '../tree/index.js';
import { verifyPassword } from '../user/index.js';
import type { GrantSigner } from './share.grant.js';
import { editorsMayShare } from '../space/index.js';
import * as repo from './share.repo.js';
import { creatorStillShares, isExpired, linkShows } from './share.policy.js';
import { presentShareMeta } from './share.presenter.js';

export interface ShareViewDeps extends files.FileDeps {
  grants: GrantSigner;
  treeRows: treeRepo.TreeRowsShape;
  blocks: BlocksCache;
}

/** Wrong passwords in a row before a share is locked, and for how long. */
export const unlockFailureLimit = 10;
export const unlockLockSeconds = 5 * 60;

const notFound = () => new AppError(ErrorCode.dataMissing);

/** A link's reader sees what a space's readers see, closed topics included (decisions/share.md). */
const audience: Audience = 'readers';

export interface OpenShare {
  share: repo.ShareRow;
  space: { id: string; name: string };
  /** the shared topic or page (null: the whole space) */
  node: NodeRow | null;
}

/** A share whose link works: not expired, its space and target live, a shared page published. */
async function liveShare(db: Executor, token: string, now = new Date()): Promise<OpenShare> {
  const found = await repo.findByToken(db, token);
  if (!found || isExpired(found.share, now)) throw notFound();
  const { share, space } = found;
  let node: NodeRow | null = null;
  if (share.nodeId) {
    node = (await treeRepo.liveNode(db, share.nodeId)) ?? null;
    if (!node || node.spaceId !== space.id) throw notFound();
    if (node.type === 'page' && !pageShown(audience, node)) throw notFound();
    // a topic or page under a deleted topic is deleted with it (the recycle bin deletes subtrees)
  }
  // the link speaks for its creator: one who may no longer share there ends it
  const role = await roleInSpace(db, share.createdBy, space.id);
  if (!creatorStillShares(role, await editorsMayShare(db, space.id))) throw notFound();
  return { share, space, node };
}

/** A live share the caller may read: unprotected, or with a valid grant. */
export async function openShare(deps: ShareViewDeps, token: string, grant: string | undefined) {
  const open = await liveShare(deps.db, token);
  if (open.share.passwordHash !== null && !deps.grants.verify(open.share, grant)) {
    throw new AppError(ErrorCode.sharePasswordRequired);
  }
  return open;
}

/** The link's meta: what it shares and whether a password is asked. Counts a visit. */
export async function shareMeta(
  deps: ShareViewDeps,
  token: string,
  grant: string | undefined,
): Promise<ShareMeta> {
  const { share, space, node } = await liveShare(deps.db, token);
  const isProtected = share.passwordHash !== null;
  const unlocked = !isProtected || deps.grants.verify(share, grant);
  // a visit is an opening of the link; the viewer's reload after its unlock is the same visit
  if (!(isProtected && unlocked)) await repo.countVisit(deps.db, share.id);
  const aiOn = share.allowAi && (await findSpaceAi(deps.db, space.id))?.enabled === true;
  return presentShareMeta({ share, space, node }, unlocked, aiOn);
}

/**
 * Checks a password and hands out a grant. A locked share answers 429 before any hash is
 * compared (the per-IP and per-share request limits are the routes'); `unlockFailureLimit`
 * wrong passwords in a row lock it for `unlockLockSeconds`.
 */
export async function unlockShare(
  deps: ShareViewDeps,
  token: string,
  password: string,
): Promise<ShareGrant> {
  const { share } = await liveShare(deps.db, token);
  const now = new Date();
  if (share.lockedUntil && share.lockedUntil.getTime() > now.getTime()) {
    throw new AppError(ErrorCode.tooFrequent, {
      status: 429,
      data: { retryAfter: Math.ceil((share.lockedUntil.getTime() - now.getTime()) / 1000) },
    });
  }
  if (share.passwordHash === null) return deps.grants.sign(share, now);
  if (password === '') throw new AppError(ErrorCode.sharePasswordRequired);
  if (!(await verifyPassword(share.passwordHash, password))) {
    await repo.recordFailure(
      deps.db,
      share.id,
      unlockFailureLimit,
      new Date(now.getTime() + unlockLockSeconds * 1000),
    );
    throw new AppError(ErrorCode.sharePasswordInvalid);
  }
  if (share.failedAttempts > 0) await repo.clearFailures(deps.db, share.id);
  return deps.grants.sign(share, now);
}

/** The shared nodes as readers see them, in sibling order: the subtree of the share's target. */
export async function sharedRows(deps: ShareViewDeps, open: OpenShare): Promise<TreeRow[]> {
  if (open.node?.type === 'page') return [open.node];
  const rows = (await treeRepo.liveTreeRows(deps.db, open.space.id, deps.treeRows)).filter((row) =>
    nodeShown(audience, row),
  );
  const children = new Map<string | null, TreeRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }
  // walk down from the target: nodes under a missing parent are reachable from nowhere
  const reached: TreeRow[] = [];
  const queue = [...(children.get(open.node?.id ?? null) ?? [])];
  for (let index = 0; index < queue.length; index++) {
    const row = queue[index]!;
    reached.push(row);
    if (row.type === 'topic') queue.push(...(children.get(row.id) ?? []));
  }
  return reached;
}

export async function shareTree(
  deps: ShareViewDeps,
  token: string,
  grant: string | undefined,
): Promise<TreeNode[]> {
  const open = await openShare(deps, token, grant);
  const rows = await sharedRows(deps, open);
  // the target's children are the roots of the shared tree
  const top = open.node?.type === 'topic' ? open.node.id : null;
  return buildTree(
    open.node?.type === 'page'
      ? rows.map((row) => ({ ...row, parentId: null }))
      : rows.map((row) => (row.parentId === top ? { ...row, parentId: null } : row)),
  );
}

/** A published page within the share; anything else looks missing. */
async function sharedPage(deps: ShareViewDeps, open: OpenShare, pageId: string) {
  if (open.node?.type === 'page') {
    if (open.node.id !== pageId) throw notFound();
    return open.node;
  }
  const inside = (await sharedRows(deps, open)).some(
    (row) => row.id === pageId && row.type === 'page',
  );
  const node = inside ? await treeRepo.liveNode(deps.db, pageId) : undefined;
  if (!node || !pageShown(audience, node)) throw notFound();
  return node;
}

export async function sharePage(
  deps: ShareViewDeps,
  token: string,
  grant: string | undefined,
  pageId: string,
): Promise<PageDetail> {
  const open = await openShare(deps, token, grant);
  return pageDetail(deps.db, await sharedPage(deps, open, pageId), 'visitor');
}

export async function shareBlocksJson(
  deps: ShareViewDeps,
  token: string,
  grant: string | undefined,
  pageId: string,
): Promise<Buffer> {
  const open = await openShare(deps, token, grant);
  const node = await sharedPage(deps, open, pageId);
  return shownBlocksJson(deps.db, deps.blocks, node, audience, 0);
}

/** The page's comments when the share shows them (otherwise 404, like a missing page). */
export async function shareComments(
  deps: ShareViewDeps,
  token: string,
  grant: string | undefined,
  pageId: string,
  page: number,
  pageSize: number,
): Promise<CommentList> {
  const open = await openShare(deps, token, grant);
  if (!linkShows(open.share, 'comments')) throw notFound();
  const node = await sharedPage(deps, open, pageId);
  return pageComments(deps.db, { userId: null, role: 'visitor' }, node, page, pageSize);
}

/**
 * A file's bytes through the share: a file uploaded into a published page of the share (or, for
 * a whole space, one of its library). `download` (as an attachment) needs the download flag.
 */
export async function shareFile(
  deps: ShareViewDeps,
  token: string,
  grant: string | undefined,
  fileId: string,
  download: boolean,
  range: Parameters<typeof files.fileBytes>[2],
) {
  const open = await openShare(deps, token, grant);
  if (download && !linkShows(open.share, 'downloads')) throw notFound();
  const row = await fileRepo.findLiveFile(deps.db, fileId);
  if (!row || row.file.spaceId !== open.space.id || !fileShown(audience, row)) throw notFound();
  const { pageId } = row.file;
  if (pageId === null) {
    if (open.node !== null) throw notFound();
  } else {
    await sharedPage(deps, open, pageId);
  }
  return files.fileBytes(deps, row.file, range);
}
