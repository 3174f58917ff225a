// The leftover-upload sweep: the files module runs it on the app's job queue, where it queues its
// next run; it deletes old temp objects and keeps fresh ones (uploads in progress) and every blob.
// On PostgreSQL every test app of a run shares one `jobs` table, so a due sweep may be run by
// another test file's app (with its own data directory): the deleting is checked by running the
// handler on this app's storage, the queueing through the queue.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { Job } from '../../infra/jobs/job-catalogue.js';
import { storageKeys } from '../../infra/storage/storage-driver.js';
import { createStorage } from '../../infra/storage/storage.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { scheduleTempSweep, sweepEveryMs, sweepTempHandler, tempMaxAgeMs } from './file.sweep.js';

describe('the sweep of temp uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const waitingSweeps = () =>
    t.db.select().from(jobs).where(eq(jobs.kind, Job.sweepTempUploads.kind));

  it('runs on the queue, queues its next run in 6 hours, and only one sweep ever waits', async () => {
    await t.db.delete(jobs).where(eq(jobs.kind, Job.sweepTempUploads.kind));
    await scheduleTempSweep(t.db);
    await t.jobs.drain();
    // ran (here or by another app sharing the database) once its successor is the only row
    await vi.waitFor(async () => {
      const rows = await waitingSweeps();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + sweepEveryMs - 60_000);
    });
    const [next] = await waitingSweeps();
    expect(next!.key).toBe('sweep');
    expect(next!.failedAt).toBeNull();
    expect(next!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(sweepEveryMs);
    // a start-up while it waits adds nothing (the server enqueues the sweep at every start)
    await scheduleTempSweep(t.db);
    expect(await waitingSweeps()).toHaveLength(1);
  });

  it('deletes temp objects older than a day and keeps fresh uploads and blobs', async () => {
    const storage = createStorage(t.config);
    const fileOf = (key: string) => path.join(t.config.dataDir, 'files', key);
    const put = (key: string) => storage.put(key, Readable.from([Buffer.from('bytes')]));
    const age = (key: string, ms: number) => {
      const then = new Date(Date.now() - ms);
      fs.utimesSync(fileOf(key), then, then);
    };
    const oldTemp = storageKeys.temp();
    const freshTemp = storageKeys.temp();
    const oldBlob = storageKeys.blob();
    await Promise.all([put(oldTemp), put(freshTemp), put(oldBlob)]);
    age(oldTemp, tempMaxAgeMs + 60_000);
    age(freshTemp, tempMaxAgeMs - 60_000);
    age(oldBlob, 30 * tempMaxAgeMs);
    // what a crash in the middle of the local driver's write leaves: a `.part` file; one being
    // written right now (an upload in progress) is fresh
    const crashedPart = `${storageKeys.temp()}.0badc0de.part`;
    const writingPart = `${storageKeys.temp()}.c0ffee00.part`;
    fs.writeFileSync(fileOf(crashedPart), 'half');
    fs.writeFileSync(fileOf(writingPart), 'half');
    age(crashedPart, 2 * tempMaxAgeMs);

    await sweepTempHandler({ db: t.db, storage })();

    const left = (await storage.list('tmp/')).map((object) => object.key).sort();
    expect(left).toEqual([freshTemp, writingPart].sort());
    expect(await storage.size(oldBlob)).toBe(5);
  });
});
