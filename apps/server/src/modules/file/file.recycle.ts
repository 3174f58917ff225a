// Files in the recycle bin: restoring a deleted file, and what purging a file, a page or a space
// does to files — their rows go in the purge's transaction, their bytes (when no other file uses
// them) in the job Job.removeFileBytes that runs after it commits.
import { ErrorCode } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { Job, type PayloadOf } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import type { StorageDriver } from '../../infra/storage/storage-driver.js';
import * as repo from './file.repo.js';

/** Brings a deleted file back; a file whose page is in the bin waits for the page (700009). */
export async function restoreFileItem(tx: Executor, recycleItemId: string) {
  const [file] = await repo.filesOfRecycleItem(tx, recycleItemId);
  if (!file) throw new AppError(ErrorCode.dataMissing);
  if (file.pageId) {
    if (!(await repo.isLivePage(tx, file.pageId))) {
      throw new AppError(ErrorCode.operationNotAllowed, {
        status: 400,
        detail: 'the page of this file is in the recycle bin; restore the page first',
      });
    }
  }
  await repo.updateFile(tx, file.id, { deletedAt: null, deletedBy: null, recycleItemId: null });
  await enqueueJob(tx, Job.indexFile, { fileId: file.id }, { key: file.id });
  return file;
}

async function destroy(tx: Executor, fileIds: string[]) {
  if (fileIds.length === 0) return;
  // a file deleted on its own before its page was purged leaves no orphan item behind
  await repo.deleteFileRecycleItems(tx, fileIds);
  const keys = await repo.destroyFiles(tx, fileIds);
  if (keys.length > 0) await enqueueJob(tx, Job.removeFileBytes, { keys });
  for (const fileId of fileIds) await enqueueJob(tx, Job.indexFile, { fileId }, { key: fileId });
}

/** Purging a file's own recycle item. */
export async function destroyFileItem(tx: Executor, recycleItemId: string) {
  await destroy(
    tx,
    (await repo.filesOfRecycleItem(tx, recycleItemId)).map((file) => file.id),
  );
}

/** Purging pages: the files uploaded into them go with them. */
export async function destroyFilesOfPages(tx: Executor, pageIds: string[]) {
  await destroy(tx, await repo.filesOfPages(tx, pageIds));
}

/** An import that failed or was cut off: the files it stored and no page took yet. */
export async function destroyFilesOfImport(tx: Executor, importId: string) {
  await destroy(tx, await repo.filesOfImport(tx, importId));
}

/** Purging a space: its rows go by cascade, its bytes by the job. */
export async function destroyFilesOfSpace(tx: Executor, spaceId: string) {
  const keys = await repo.blobKeysOfSpace(tx, spaceId);
  if (keys.length > 0) await enqueueJob(tx, Job.removeFileBytes, { keys });
}

/** Deleting a missing key is fine, so the job may run twice. */
export function removeBytesHandler(storage: StorageDriver) {
  return async ({ keys }: PayloadOf<typeof Job.removeFileBytes>) => {
    for (const key of keys) await storage.remove(key);
  };
}
