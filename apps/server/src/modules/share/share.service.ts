// Managing shares (who may: share.policy.ts; the answer: share.presenter.ts): creating a link
// with its password, expiry and flags, the space's list, changes and revoking.
import crypto from 'node:crypto';
import {
  ErrorCode,
  type CreateShareRequest,
  type Share,
  type ShareExpiry,
  type SpaceShareList,
  type UpdateShareRequest,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { requireFeature } from '../account/index.js';
import { recordAudit } from '../audit/index.js';
import { accessNode, accessSpace } from '../space/index.js';
import { mayShare } from '../space/index.js';
import { hashPassword } from '../user/index.js';
import { editorsMayShare, setEditorsMayShare } from '../space/index.js';
import { listedSharesSql, mayChangeShareSettings, mayManageShare } from './share.policy.js';
import { presentShare } from './share.presenter.js';
import * as repo from './share.repo.js';

const notFound = () => new AppError(ErrorCode.dataMissing);
const day = 24 * 60 * 60 * 1000;

/** A share as the audit log keeps it: never its token or password, only whether it has one. */
const shareView = (share: repo.ShareRow) => ({
  targetType: share.targetType,
  nodeId: share.nodeId,
  createdBy: share.createdBy,
  hasPassword: share.passwordHash !== null,
  expiresAt: share.expiresAt,
  showComments: share.showComments,
  allowDownload: share.allowDownload,
  allowAi: share.allowAi,
});

function shareAudit(
  tx: Executor,
  userId: number,
  address: string | null,
  action: `share.${string}`,
  share: repo.ShareRow,
  change: { before?: repo.ShareRow; after?: repo.ShareRow },
) {
  return recordAudit(tx, {
    actorId: userId,
    action,
    targetType: 'share',
    targetId: share.id,
    spaceId: share.spaceId,
    before: change.before && shareView(change.before),
    after: change.after && shareView(change.after),
    address,
  });
}

/** When a link made now with `expiry` stops working (null: never). */
export function expiryDate(expiry: ShareExpiry, date: string | null | undefined, now: Date) {
  switch (expiry) {
    case 'never':
      return null;
    case '1d':
      return new Date(now.getTime() + day);
    case '7d':
      return new Date(now.getTime() + 7 * day);
    case '30d':
      return new Date(now.getTime() + 30 * day);
    case 'date': {
      const at = date ? new Date(date) : null;
      if (!at || at.getTime() <= now.getTime()) {
        throw new AppError(ErrorCode.paramError, { detail: 'expiresAt: a time in the future' });
      }
      return at;
    }
  }
}

/** The space (and node) a share of `targetType` `targetId` is about, and the caller's role. */
async function accessTarget(db: Executor, userId: number, input: CreateShareRequest) {
  if (input.targetType === 'space') {
    const { space, role } = await accessSpace(db, userId, input.targetId, 'read');
    return { space, role, node: null };
  }
  const { node, space, role } = await accessNode(
    db,
    userId,
    input.targetId,
    'read',
    input.targetType,
  );
  return { space, role, node };
}

export async function createShare(
  db: Database,
  userId: number,
  input: CreateShareRequest,
  address: string | null = null,
): Promise<Share> {
  const { space, role, node } = await accessTarget(db, userId, input);
  if (!mayShare(role, await editorsMayShare(db, space.id))) {
    throw new AppError(ErrorCode.operationNotAllowed, { detail: 'sharing in this space' });
  }
  await requireFeature(db, userId, 'spaceExternalAccess');
  const now = new Date();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const row = await db.transaction(async (tx) => {
    const made = await repo.insertShare(tx, {
      token: crypto.randomBytes(32).toString('base64url'),
      spaceId: space.id,
      targetType: input.targetType,
      nodeId: node?.id ?? null,
      createdBy: userId,
      passwordHash,
      expiresAt: expiryDate(input.expiry, input.expiresAt, now),
      showComments: input.showComments,
      allowDownload: input.allowDownload,
      allowAi: input.allowAi,
    });
    await shareAudit(tx, userId, address, 'share.create', made, { after: made });
    return made;
  });
  return (
    await present(
      db,
      [{ share: row, creator: await repo.person(db, userId) }],
      space.name,
      () => true,
    )
  )[0]!;
}

/** The shares with their titles, as the API answers them. */
async function present(
  db: Executor,
  rows: Array<{ share: repo.ShareRow; creator: { id: number; nickname: string } }>,
  spaceName: string,
  canManage: (share: repo.ShareRow) => boolean,
): Promise<Share[]> {
  const names = await repo.nodeNames(
    db,
    rows.flatMap(({ share }) => (share.nodeId ? [share.nodeId] : [])),
  );
  const now = new Date();
  return rows.map(({ share, creator }) => {
    const title = share.nodeId ? (names.get(share.nodeId) ?? '') : spaceName;
    return presentShare(share, creator, title, canManage(share), now);
  });
}

/** The space's shares: every one for its admins, one's own for an editor who may share. */
export async function listSpaceShares(
  db: Database,
  userId: number,
  spaceId: string,
): Promise<SpaceShareList> {
  const { space, role } = await accessSpace(db, userId, spaceId, 'participate');
  const editorsShare = await editorsMayShare(db, spaceId);
  const rows = await repo.listShares(db, spaceId, listedSharesSql(role, userId));
  return {
    list: await present(db, rows, space.name, (share) =>
      mayManageShare(role, editorsShare, userId, share),
    ),
    editorsMayShare: editorsShare,
    canShare: mayShare(role, editorsShare),
    canManageSettings: mayChangeShareSettings(role),
  };
}

/** A share the caller may change or revoke; any other looks missing. */
async function managedShare(db: Executor, userId: number, shareId: string) {
  const share = await repo.findShare(db, shareId);
  if (!share) throw notFound();
  const { space, role } = await accessSpace(db, userId, share.spaceId, 'participate');
  if (!mayManageShare(role, await editorsMayShare(db, space.id), userId, share)) throw notFound();
  return { share, space };
}

export async function updateShare(
  db: Database,
  userId: number,
  shareId: string,
  input: UpdateShareRequest,
  address: string | null = null,
): Promise<Share> {
  const { share, space } = await managedShare(db, userId, shareId);
  const changes: Partial<repo.NewShare> = {};
  if (input.password !== undefined) {
    changes.passwordHash = input.password === null ? null : await hashPassword(input.password);
    // a new password closes every unlock made with the old one
    changes.grantVersion = share.grantVersion + 1;
    changes.failedAttempts = 0;
    changes.lockedUntil = null;
  }
  if (input.expiry !== undefined) {
    changes.expiresAt = expiryDate(input.expiry, input.expiresAt, new Date());
  }
  if (input.showComments !== undefined) changes.showComments = input.showComments;
  if (input.allowDownload !== undefined) changes.allowDownload = input.allowDownload;
  if (input.allowAi !== undefined) changes.allowAi = input.allowAi;
  const row = await db.transaction(async (tx) => {
    const changed = await repo.updateShare(tx, share.id, changes);
    if (!changed) throw notFound();
    await shareAudit(tx, userId, address, 'share.update', share, { before: share, after: changed });
    return changed;
  });
  return (
    await present(
      db,
      [{ share: row, creator: await repo.person(db, row.createdBy) }],
      space.name,
      () => true,
    )
  )[0]!;
}

/** Revokes a share: its link and every grant answer 404 from now on. */
export async function revokeShare(
  db: Database,
  userId: number,
  shareId: string,
  address: string | null = null,
) {
  const { share } = await managedShare(db, userId, shareId);
  await db.transaction(async (tx) => {
    await repo.deleteShare(tx, share.id);
    await shareAudit(tx, userId, address, 'share.revoke', share, { before: share });
  });
}

export async function setShareSettings(
  db: Database,
  userId: number,
  spaceId: string,
  editorsMayShare: boolean,
  address: string | null = null,
) {
  const { role } = await accessSpace(db, userId, spaceId, 'participate');
  if (!mayChangeShareSettings(role)) throw notFound();
  await db.transaction(async (tx) => {
    await setEditorsMayShare(tx, spaceId, editorsMayShare);
    await recordAudit(tx, {
      actorId: userId,
      action: 'share.settings',
      targetType: 'space',
      targetId: spaceId,
      spaceId,
      after: { editorsMayShare },
      address,
    });
  });
}
