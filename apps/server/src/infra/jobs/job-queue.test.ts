import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { z } from 'zod';
import { defineJob } from './job-catalogue.js';
import { createJobQueue, enqueueJob } from './job-queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { error() {}, info() {}, warn() {} } as never;
let kindCounter = 0;
/** A job kind of its own for each test; its payload takes any fields. */
const newKind = () =>
  defineJob(
    `test.kind-${process.pid}-${Date.now()}-${++kindCounter}`,
    z.record(z.string(), z.unknown()),
  );
type Payload = Record<string, unknown>;

describe('job queue', () => {
  it('runs a job enqueued in a committed transaction, once, then forgets it', async () => {
    const kind = newKind();
    const seen: Payload[] = [];
    t.jobs.handle(kind, async (payload) => {
      seen.push(payload);
    });
    await t.db.transaction((tx) => enqueueJob(tx, kind, { pageId: 'p1' }));
    await t.jobs.drain();
    expect(seen).toEqual([{ pageId: 'p1' }]);
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, kind.kind))).toEqual([]);
  });

  it('keeps no job written by a transaction that rolled back', async () => {
    const kind = newKind();
    let runs = 0;
    t.jobs.handle(kind, async () => {
      runs += 1;
    });
    await t.db
      .transaction(async (tx) => {
        await enqueueJob(tx, kind, {});
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await t.jobs.drain();
    expect(runs).toBe(0);
  });

  it('folds waiting jobs with the same key into one', async () => {
    const kind = newKind();
    let runs = 0;
    t.jobs.handle(kind, async () => {
      runs += 1;
    });
    for (let i = 0; i < 3; i += 1) await enqueueJob(t.db, kind, { i }, { key: 'page-1' });
    await enqueueJob(t.db, kind, {}, { key: 'page-2' });
    await t.jobs.drain();
    expect(runs).toBe(2);
  });

  it('retries a failing job later and marks it failed after its last attempt', async () => {
    const kind = newKind();
    const attempts: number[] = [];
    t.jobs.handle(kind, async (_payload, context) => {
      attempts.push(context.attempt);
      throw new Error(`broken ${context.attempt}`);
    });
    await enqueueJob(t.db, kind, {}, { maxAttempts: 2 });
    await t.jobs.drain();
    expect(attempts).toEqual([1]);
    const [waiting] = await t.db.select().from(jobs).where(eq(jobs.kind, kind.kind));
    expect(waiting?.lastError).toBe('broken 1');
    expect(waiting?.failedAt).toBeNull();
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());

    await t.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.kind, kind.kind));
    await t.jobs.drain();
    expect(attempts).toEqual([1, 2]);
    const [failed] = await t.db.select().from(jobs).where(eq(jobs.kind, kind.kind));
    expect(failed?.failedAt).toBeInstanceOf(Date);
    expect(failed?.lastError).toBe('broken 2');
  });

  it('fails a job whose stored payload does not fit its kind, naming the kind', async () => {
    const job = defineJob(`${newKind().kind}-typed`, z.object({ pageId: z.string() }));
    let runs = 0;
    t.jobs.handle(job, async () => {
      runs += 1;
    });
    await t.db.insert(jobs).values({ kind: job.kind, payload: { pageId: 7 }, maxAttempts: 1 });
    await t.jobs.drain();
    expect(runs).toBe(0);
    const [failed] = await t.db.select().from(jobs).where(eq(jobs.kind, job.kind));
    expect(failed?.failedAt).toBeInstanceOf(Date);
    expect(failed?.lastError).toContain(`job ${job.kind}: the payload does not fit`);
  });

  it('leaves jobs of another queue alone (test apps sharing a database)', async () => {
    const kind = newKind();
    let runs = 0;
    t.jobs.handle(kind, async () => {
      runs += 1;
    });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('library.job_queue', 'another_test_app', true)`);
      await enqueueJob(tx, kind, {});
    });
    await t.jobs.drain();
    expect(runs).toBe(0);
    const [waiting] = await t.db.select().from(jobs).where(eq(jobs.kind, kind.kind));
    expect(waiting?.queue).toBe('another_test_app');
  });

  it('never gives the same job to two workers', async () => {
    const kind = newKind();
    const ran: number[] = [];
    const handler = async (payload: Payload) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(payload.n as number);
    };
    const first = createJobQueue(t.db, silent);
    const second = createJobQueue(t.db, silent);
    first.handle(kind, handler);
    second.handle(kind, handler);
    for (let n = 0; n < 10; n += 1) await enqueueJob(t.db, kind, { n });
    await Promise.all([first.drain(), second.drain()]);
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('renews a running job’s lease, so no other worker takes it meanwhile', async () => {
    const kind = newKind();
    let runs = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = createJobQueue(t.db, silent, { leaseMs: 600 });
    const second = createJobQueue(t.db, silent, { leaseMs: 600 });
    const handler = async () => {
      runs += 1;
      await held;
    };
    first.handle(kind, handler);
    second.handle(kind, handler);
    await enqueueJob(t.db, kind, {});
    const running = first.runNext();
    // three leases long: renewed every 200 ms, the claim never lapses
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(await second.runNext()).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(runs).toBe(1);
  });

  it('gives a job back once the lease of a worker that died runs out', async () => {
    const kind = newKind();
    const seen: number[] = [];
    const queue = createJobQueue(t.db, silent, { leaseMs: 3000 });
    queue.handle(kind, async (_payload, context) => {
      seen.push(context.attempt);
    });
    await enqueueJob(t.db, kind, {});
    // claimed by a worker that was killed: attempts taken, lease running, nobody renewing it
    await t.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 second'` })
      .where(eq(jobs.kind, kind.kind));
    expect(await queue.runNext()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await queue.runNext()).toBe(true);
    expect(seen).toEqual([2]);
  });

  it('works the queue by itself once started, and stops cleanly', async () => {
    const kind = newKind();
    const queue = createJobQueue(t.db, silent, { pollMs: 20 });
    const done = new Promise<Payload>((resolve) => {
      queue.handle(kind, async (payload) => resolve(payload));
    });
    queue.start();
    await enqueueJob(t.db, kind, { hello: '你好' });
    expect(await done).toEqual({ hello: '你好' });
    await queue.stop();
  });
});
