// Sweeping leftover temp uploads: an upload streams to a `tmp/` key and moves to `blobs/` when it
// is complete, so a crash in between (or mid-write, on the local driver) leaves a temp object
// behind. The job `file.sweep-temp` deletes temp objects older than a day — no upload in progress
// is that old — and schedules its own next run.
import type { Executor } from '../../db/database.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { enqueueJob } from '../../infra/jobs/job-queue.js';
import { isStorageKey, type StorageDriver } from '../../infra/storage/storage-driver.js';

export const tempMaxAgeMs = 24 * 60 * 60 * 1000;
export const sweepEveryMs = 6 * 60 * 60 * 1000;

/** Queues the sweep; a sweep already waiting (same key) makes this a no-op, so at most one waits. */
export function scheduleTempSweep(db: Executor, delayMs = 0) {
  return enqueueJob(db, Job.sweepTempUploads, {}, { key: 'sweep', delayMs });
}

/** The job handler; running it twice is harmless (removing a missing key is fine). */
export function sweepTempHandler(deps: { db: Executor; storage: StorageDriver }) {
  return async () => {
    // the successor first: a sweep that keeps failing must not end the chain
    await scheduleTempSweep(deps.db, sweepEveryMs);
    const cutoff = Date.now() - tempMaxAgeMs;
    for (const object of await deps.storage.list('tmp/')) {
      // an object we did not write (a shared bucket) is not ours to delete
      if (object.lastModified.getTime() < cutoff && isStorageKey(object.key)) {
        await deps.storage.remove(object.key);
      }
    }
  };
}
