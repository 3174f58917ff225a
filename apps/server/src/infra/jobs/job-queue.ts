// The job queue: modules enqueue work inside their own transaction (`enqueueJob`) and register
// a handler per kind, both through the typed definitions of `job-catalogue.ts`; a worker loop claims due jobs one at a time (a kind handled in batches: up to its batch size of that kind) with FOR UPDATE SKIP LOCKED,
// so several server instances share the queue without taking the same job twice. A claim is a
// lease (`locked_until`) that the worker renews while the job runs: a killed instance's job comes
// back to the others once its lease runs out. A failed job is retried with exponential backoff;
// after its last attempt it stays, marked failed.
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Executor } from '../../db/database.js';
import { jobs } from '../../db/schema/index.js';
import type { JobDefinition } from './job-catalogue.js';

export interface JobContext {
  id: number;
  /** 1 on the first run */
  attempt: number;
}

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>;

/** Runs many due jobs of one kind at once (their payloads in claim order). */
export type BatchHandler<Payload> = (payloads: Payload[]) => Promise<void>;

export interface EnqueueOptions {
  /** a waiting job of the same kind and key makes this one a no-op (e.g. one reindex per page) */
  key?: string;
  delayMs?: number;
  /** when it is due (instead of `delayMs` from now): a job that keeps a time of day */
  runAt?: Date;
  maxAttempts?: number;
}

/** Records a job; it runs after the surrounding transaction commits. */
export async function enqueueJob<Payload extends object>(
  db: Executor,
  job: JobDefinition<Payload>,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: payload as Record<string, unknown>,
      key: options.key ?? null,
      runAt: options.runAt ?? new Date(Date.now() + (options.delayMs ?? 0)),
      maxAttempts: options.maxAttempts ?? 5,
    })
    .onConflictDoNothing();
}

/** Records jobs of one kind in a few statements (a re-index queues one per page). */
export async function enqueueJobs<Payload extends object>(
  db: Executor,
  job: JobDefinition<Payload>,
  items: Array<{ payload: Payload; key?: string }>,
  options: Pick<EnqueueOptions, 'maxAttempts'> = {},
): Promise<void> {
  const runAt = new Date();
  for (let start = 0; start < items.length; start += 500) {
    await db
      .insert(jobs)
      .values(
        items.slice(start, start + 500).map((item) => ({
          kind: job.kind,
          payload: item.payload as Record<string, unknown>,
          key: item.key ?? null,
          runAt,
          maxAttempts: options.maxAttempts ?? 5,
        })),
      )
      .onConflictDoNothing();
  }
}

export interface JobQueue {
  handle<Payload extends object>(job: JobDefinition<Payload>, handler: JobHandler<Payload>): void;
  /**
   * Handles a kind in batches: with one due job the worker claims up to `size` due jobs of its
   * kind and hands them over together (the index jobs: one transaction for a hundred pages). A
   * batch that fails is run again job by job, so one bad payload fails alone.
   */
  handleBatch<Payload extends object>(
    job: JobDefinition<Payload>,
    handler: BatchHandler<Payload>,
    options: { size: number },
  ): void;
  /** runs one due job; false when none was due */
  runNext(): Promise<boolean>;
  /** runs due jobs until none is left (tests, benchmarks); answers how many ran */
  drain(): Promise<number>;
  /** starts the worker loop in this process */
  start(): void;
  /** stops the loop and waits for the job in progress */
  stop(): Promise<void>;
}

/** how long a claim lasts unless renewed (JOB_LEASE_SECONDS); renewed every third of it */
const defaultLeaseMs = 30_000;
const retryBaseMs = 2000;

export function createJobQueue(
  db: Database,
  log: FastifyBaseLogger,
  options: { pollMs?: number; pauseRatio?: number; leaseMs?: number } = {},
): JobQueue {
  /** handlers by kind; each parses its payload against the kind's schema first */
  const handlers = new Map<string, JobHandler<unknown>>();
  const pollMs = options.pollMs ?? 1000;
  // After each job the worker rests `pauseRatio` times as long as the job took. On the embedded
  // database, which runs every query on the site's one thread, 1 keeps background work (an AI
  // re-index of a thousand pages) to half of the database's time, so pages still open.
  const pauseRatio = options.pauseRatio ?? 0;
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  /** batch handlers by kind, with how many jobs a batch takes at most */
  const batches = new Map<string, { handler: BatchHandler<unknown>; size: number }>();

  async function claim() {
    const [row] = await claimRows([...handlers.keys()], 1);
    return row ?? null;
  }

  /** Claims up to `limit` due jobs of these kinds, oldest first. */
  async function claimRows(kinds: string[], limit: number) {
    if (kinds.length === 0) return [];
    const rows = await queryRows<{
      id: string | number;
      kind: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>(
      db,
      sql`
      update jobs set attempts = attempts + 1, key = null,
        locked_until = now() + make_interval(secs => ${leaseMs / 1000})
      where id in (
        select id from jobs
        where failed_at is null and run_at <= now()
          and queue is not distinct from nullif(current_setting('library.job_queue', true), '')
          and (locked_until is null or locked_until < now())
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`,
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  type Claimed = NonNullable<Awaited<ReturnType<typeof claim>>>;

  /**
   * Renews the claims' leases while `work` runs; `attempts` names each claim, so a lease that ran
   * out (the database was away longer than the lease) and went to another worker is left alone.
   */
  async function leased<T>(claimed: Claimed[], work: () => Promise<T>): Promise<T> {
    const claims = sql.join(
      claimed.map((job) => sql`(${job.id}::bigint, ${job.attempts}::int)`),
      sql`, `,
    );
    const renewal = setInterval(() => {
      db.execute(
        sql`update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
            where (id, attempts) in (${claims})`,
      ).catch((error: unknown) =>
        log.warn({ err: error, jobs: claimed.map((job) => job.id) }, 'job lease not renewed'),
      );
    }, leaseMs / 3);
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
    }
  }

  /** The first claimed job of a batched kind, with more due jobs of its kind, run together. */
  async function runBatch(first: Claimed, batch: { handler: BatchHandler<unknown>; size: number }) {
    const more = batch.size > 1 ? await claimRows([first.kind], batch.size - 1) : [];
    const claimed = [first, ...more];
    try {
      await leased(claimed, () => batch.handler(claimed.map((job) => job.payload)));
      await db.execute(
        sql`delete from jobs where id in (${sql.join(
          claimed.map((job) => sql`${job.id}`),
          sql`, `,
        )})`,
      );
      return;
    } catch (error) {
      if (claimed.length === 1) return failed(first, error);
      log.warn(
        { err: error, kind: first.kind, jobs: claimed.length },
        'job batch failed; one by one',
      );
    }
    for (const job of claimed) {
      try {
        await leased([job], () => batch.handler([job.payload]));
        await db.delete(jobs).where(eq(jobs.id, job.id));
      } catch (error) {
        await failed(job, error);
      }
    }
  }

  /** Records a job's failure: retried later with backoff, or failed after its last attempt. */
  async function failed(job: Claimed, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const last = job.attempts >= job.max_attempts;
    log.error({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
    await db
      .update(jobs)
      .set({
        lastError: message.slice(0, 2000),
        lockedUntil: null,
        ...(last
          ? { failedAt: new Date() }
          : { runAt: new Date(Date.now() + retryBaseMs * 2 ** (job.attempts - 1)) }),
      })
      .where(eq(jobs.id, job.id));
  }

  async function runNext(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const batch = batches.get(job.kind);
    if (batch) {
      await runBatch(job, batch);
      return true;
    }
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await leased([job], () => handler(job.payload, { id: job.id, attempt: job.attempts }));
      await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      await failed(job, error);
    }
    return true;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = (async () => {
        let ran = true;
        while (ran && !stopped) {
          const started = performance.now();
          ran = await runNext();
          const rest = (performance.now() - started) * pauseRatio;
          if (ran && rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        }
      })()
        .catch((error: unknown) => log.error({ err: error }, 'job worker error'))
        .finally(() => {
          running = null;
          schedule(pollMs);
        });
    }, delay);
    timer.unref();
  }

  return {
    handle(job, handler) {
      if (handlers.has(job.kind)) throw new Error(`job kind ${job.kind} already has a handler`);
      handlers.set(job.kind, async (stored, context) => {
        const parsed = job.payload.safeParse(stored);
        if (!parsed.success) {
          throw new Error(`job ${job.kind}: the payload does not fit: ${parsed.error.message}`);
        }
        await handler(parsed.data, context);
      });
    },
    handleBatch(job, handler, options) {
      if (handlers.has(job.kind)) throw new Error(`job kind ${job.kind} already has a handler`);
      const parse = (stored: unknown) => {
        const parsed = job.payload.safeParse(stored);
        if (!parsed.success) {
          throw new Error(`job ${job.kind}: the payload does not fit: ${parsed.error.message}`);
        }
        return parsed.data;
      };
      batches.set(job.kind, {
        size: Math.max(1, options.size),
        handler: (payloads) => handler(payloads.map(parse)),
      });
      // claimed with the other kinds; `runNext` hands it to its batch
      handlers.set(job.kind, async (stored) => handler([parse(stored)]));
    },
    runNext,
    async drain() {
      let count = 0;
      while (await runNext()) count += 1;
      return count;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
