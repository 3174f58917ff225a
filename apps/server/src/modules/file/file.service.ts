// Files of a space: streaming upload with quotas and de-duplication, the file library, rename,
// delete to the recycle bin, download and signed previews. Every call by id checks the caller's
// role in the file's space (forbidden looks like missing).
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  type FileList,
  type FilePreviewUrl,
  type SpaceFile,
  type Quotas,
  type SpaceAccessRole,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import {
  StorageNotFoundError,
  storageKeys,
  type ByteRange,
  type StorageDriver,
} from '../../infra/storage/storage-driver.js';
import { lockAccount } from '../account/index.js';
import { quotasOf, requireFeature, requireSpaceFeature } from '../account/index.js';
import { accessSpace } from '../space/index.js';
import { audienceOf, fileShown } from '../space/index.js';
import type { SpaceAction } from '../space/index.js';
import { fileAbilities } from './file.policy.js';
import type { PreviewQuery, PreviewSigner } from './file.preview.js';
import { presentFile } from './file.presenter.js';
import * as repo from './file.repo.js';
import { hasText, isRefused, sniffBytes, sniffType } from '../../infra/storage/sniff.js';
import { meterUpload, UploadMeter } from '../../infra/storage/upload-meter.js';

export interface FileDeps {
  db: Database;
  storage: StorageDriver;
  /** the site's quotas; an account's own come from `quotasOf` */
  quotas: Quotas;
  signer: PreviewSigner;
}

const notFound = () => new AppError(ErrorCode.dataMissing);

/** A live file of a live space the caller may `action`; otherwise 404 + 100007. */
export async function accessFile(
  db: Executor,
  userId: number | null,
  fileId: string,
  action: SpaceAction,
) {
  const row = await repo.findLiveFile(db, fileId);
  if (!row) throw notFound();
  const { role } = await accessSpace(db, userId, row.file.spaceId, action);
  // a file of a page readers cannot see yet (no published version) is not theirs to see either
  if (!fileShown(audienceOf(role), row)) throw notFound();
  return { row, role };
}

async function present(db: Executor, rows: repo.ListedFile[], role: SpaceAccessRole) {
  const first = rows[0];
  const pages = first
    ? await repo.pagesUsing(
        db,
        first.file.spaceId,
        rows.map((row) => row.file),
        audienceOf(role),
      )
    : new Map<string, Array<{ pageId: string; name: string }>>();
  return rows.map((row) =>
    presentFile(row, { pages: pages.get(row.file.id) ?? [], abilities: fileAbilities(role) }),
  );
}

/** What a file is called: the name the browser sent, as a display name only. */
export function displayName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name ? Array.from(name).slice(0, 255).join('') : 'untitled';
}

/**
 * Streams one uploaded file into storage under a temp key, checking the quotas as the bytes
 * flow, and records it only once the bytes are stored; any failure leaves neither bytes nor row.
 * An import's files are recorded marked with it (`importId`, import.service.ts).
 */
export async function uploadFile(
  deps: FileDeps,
  userId: number,
  spaceId: string,
  pageId: string | undefined,
  part: { filename: string | undefined; file: Readable },
  importId: string | null = null,
): Promise<SpaceFile> {
  const { db, storage } = deps;
  const { space, role } = await accessSpace(db, userId, spaceId, 'edit');
  await requireFeature(db, userId, 'uploadFile');
  await requireSpaceFeature(db, userId, space, 'createSpaceFile', 'joinSpaceFile');
  // the uploader's limits for the file and personal storage, the owner's for the space
  const mine = await quotasOf(db, userId, deps.quotas);
  const owners = space.ownerId === userId ? mine : await quotasOf(db, space.ownerId, deps.quotas);
  if (pageId && !(await repo.livePageOf(db, spaceId, pageId))) throw notFound();
  const name = displayName(part.filename);
  if (isRefused(Buffer.alloc(0), name)) throw new AppError(ErrorCode.fileTypeUnsupported);

  const used = await repo.usage(db, spaceId, userId);
  if (used.spaceFiles >= owners.filesPerSpace) throw new AppError(ErrorCode.quotaFileCount);
  const meter = new UploadMeter(
    [
      { code: ErrorCode.quotaSingleFileSize, bytesLeft: mine.fileBytes },
      { code: ErrorCode.quotaSpaceSize, bytesLeft: owners.spaceBytes - used.spaceBytes },
      { code: ErrorCode.quotaPersonalStorage, bytesLeft: mine.personalBytes - used.userBytes },
    ],
    name,
  );
  const tempKey = storageKeys.temp();
  try {
    // the browser going away (or a malformed body) fails the upload like a quota does
    await storage.put(tempKey, meterUpload(part.file, meter));
  } catch (error) {
    await storage.remove(tempKey).catch(() => undefined);
    throw error;
  }

  const size = meter.bytes;
  const head = meter.head();
  if (size === 0) {
    await storage.remove(tempKey);
    throw new AppError(ErrorCode.emptyFileUnsupported);
  }
  const sha256 = meter.sha256();
  const type = sniffType(head, name, size <= sniffBytes);
  // Move the bytes to their final key before taking the space's lock (an S3 copy of a big file
  // takes a while), unless the space already holds the same bytes.
  let movedTo: string | null = null;
  if (!(await repo.findBlobByHash(db, spaceId, sha256))) {
    const key = storageKeys.blob();
    try {
      await storage.move(tempKey, key);
    } catch (error) {
      await storage.remove(tempKey).catch(() => undefined);
      throw error;
    }
    movedTo = key;
  }
  let reused = false;
  let fileId: string;
  try {
    fileId = await db.transaction(async (tx) => {
      // the space, then the uploader: concurrent uploads (to this space, or by this person to
      // another) may have used the room meanwhile, and are checked one after the other
      await repo.lockSpace(tx, spaceId);
      await lockAccount(tx, userId);
      const now = await repo.usage(tx, spaceId, userId);
      if (now.spaceFiles >= owners.filesPerSpace) throw new AppError(ErrorCode.quotaFileCount);
      if (now.spaceBytes + size > owners.spaceBytes) {
        throw new AppError(ErrorCode.quotaSpaceSize);
      }
      if (now.userBytes + size > mine.personalBytes) {
        throw new AppError(ErrorCode.quotaPersonalStorage);
      }
      let blob = await repo.findBlobByHash(tx, spaceId, sha256);
      reused = blob !== undefined;
      if (!blob) {
        if (!movedTo) {
          // the blob seen before was purged meanwhile
          const key = storageKeys.blob();
          await storage.move(tempKey, key);
          movedTo = key;
        }
        blob = await repo.insertBlob(tx, { spaceId, sha256, size, storageKey: movedTo });
      }
      const textStatus = hasText(type.kind) ? 'pending' : 'none';
      const row = await repo.insertFile(tx, {
        spaceId,
        blobId: blob.id,
        pageId: pageId ?? null,
        name,
        size,
        mimeType: type.mimeType,
        kind: type.kind,
        textStatus,
        uploadedBy: userId,
        importId,
      });
      if (textStatus === 'pending') await enqueueJob(tx, Job.extractFileText, { fileId: row.id });
      return row.id;
    });
  } catch (error) {
    // nothing was recorded: the bytes go too
    await storage.remove(movedTo ?? tempKey).catch(() => undefined);
    throw error;
  }
  // the same bytes were stored already: this copy is not needed
  if (reused) await storage.remove(movedTo ?? tempKey).catch(() => undefined);
  const listed = await repo.findLiveFile(db, fileId);
  if (!listed) throw notFound();
  const [presented] = await present(db, [listed], role);
  if (!presented) throw notFound();
  return presented;
}

export async function listFiles(
  db: Database,
  userId: number,
  spaceId: string,
  query: { page: number; pageSize: number; keywords: string },
): Promise<FileList> {
  const { role } = await accessSpace(db, userId, spaceId, 'read');
  const { rows, total } = await repo.listLiveFiles(db, spaceId, {
    ...query,
    audience: audienceOf(role),
  });
  return {
    list: await present(db, rows, role),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getFile(db: Database, userId: number, fileId: string): Promise<SpaceFile> {
  const { row, role } = await accessFile(db, userId, fileId, 'read');
  const [presented] = await present(db, [row], role);
  if (!presented) throw notFound();
  return presented;
}

export async function renameFile(
  db: Database,
  userId: number,
  fileId: string,
  name: string,
): Promise<SpaceFile> {
  await accessFile(db, userId, fileId, 'edit');
  await repo.updateFile(db, fileId, { name: displayName(name), updatedAt: new Date() });
  return getFile(db, userId, fileId);
}

/** Moves a file to the recycle bin (restorable from /recycle); answers its recycle item's id. */
export async function deleteFile(db: Database, userId: number, fileId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { row } = await accessFile(tx, userId, fileId, 'edit');
    const locked = await repo.findFile(tx, fileId, true);
    if (!locked || locked.deletedAt) throw notFound();
    const recycleItemId = await repo.insertRecycleItem(tx, {
      kind: 'file',
      targetId: fileId,
      spaceId: row.file.spaceId,
      name: row.file.name,
      deletedBy: userId,
    });
    await repo.updateFile(tx, fileId, {
      deletedAt: new Date(),
      deletedBy: userId,
      recycleItemId,
    });
    await enqueueJob(tx, Job.indexFile, { fileId }, { key: fileId });
    return recycleItemId;
  });
}

export interface FileBytes {
  name: string;
  mimeType: string;
  size: number;
  sha256: string;
  range: ByteRange | undefined;
  body: Readable;
}

/** A file's bytes (or one range of them) for someone who may read it. */
async function openBytes(
  deps: FileDeps,
  userId: number | null,
  fileId: string,
  range: (size: number) => ByteRange | 'unsatisfiable' | undefined,
): Promise<FileBytes> {
  const { row } = await accessFile(deps.db, userId, fileId, 'read');
  return fileBytes(deps, row.file, range);
}

/** The bytes of a live file the caller's access to was checked (by `accessFile` or a share). */
export async function fileBytes(
  deps: FileDeps,
  file: { blobId: string; name: string; mimeType: string },
  range: (size: number) => ByteRange | 'unsatisfiable' | undefined,
): Promise<FileBytes> {
  const blob = await repo.findBlob(deps.db, file.blobId);
  if (!blob) throw new AppError(ErrorCode.fileMissing);
  const wanted = range(blob.size);
  if (wanted === 'unsatisfiable') {
    throw new AppError(ErrorCode.paramError, {
      status: 416,
      detail: 'range not satisfiable',
      headers: { 'content-range': `bytes */${blob.size}` },
    });
  }
  const body = await deps.storage.read(blob.storageKey, wanted).catch((error: unknown) => {
    if (error instanceof StorageNotFoundError) throw new AppError(ErrorCode.fileMissing);
    throw error;
  });
  return {
    name: file.name,
    mimeType: file.mimeType,
    size: blob.size,
    sha256: blob.sha256,
    range: wanted,
    body,
  };
}

/** Downloads a file (an account needs its 'download files' switch; visitors of open spaces may). */
export async function downloadFile(
  deps: FileDeps,
  userId: number | null,
  fileId: string,
  range: (size: number) => ByteRange | 'unsatisfiable' | undefined,
): Promise<FileBytes> {
  if (userId !== null) await requireFeature(deps.db, userId, 'downloadFile');
  return openBytes(deps, userId, fileId, range);
}

export async function previewUrl(
  deps: FileDeps,
  userId: number | null,
  fileId: string,
): Promise<FilePreviewUrl> {
  await accessFile(deps.db, userId, fileId, 'read');
  if (userId !== null) await requireFeature(deps.db, userId, 'previewFile');
  return deps.signer.sign(fileId, userId);
}

/** The bytes behind a signed preview URL: a valid signature, and the user may still read it. */
export async function openPreview(
  deps: FileDeps,
  fileId: string,
  query: PreviewQuery,
  range: (size: number) => ByteRange | 'unsatisfiable' | undefined,
) {
  const signed = deps.signer.verify(fileId, query);
  if (signed === null) throw new AppError(ErrorCode.fileUrlInvalid, { status: 403 });
  // checked again: a switch turned off after the URL was signed closes it
  if (signed.userId !== null) await requireFeature(deps.db, signed.userId, 'previewFile');
  return openBytes(deps, signed.userId, fileId, range);
}
