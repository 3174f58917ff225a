// The job queue: modules enqueue work inside their own transaction (`enqueueJob`) and register
// a handler per kind, both through the typed definitions of `job-catalogue.ts`; a worker loop claims due jobs one at a time with FOR UPDATE SKIP LOCKED,
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

  async function claim() {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
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
      where id = (
        select id from jobs
        where failed_at is null and run_at <= now()
          and queue is not distinct from nullif(current_setting('library.job_queue', true), '')
          and (locked_until is null or locked_until < now())
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`,
    );
    const row = rows[0];
    return row ? { ...row, id: Number(row.id) } : null;
  }

  async function runNext(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.kind);
    // Renews the lease while the handler runs; `attempts` names this claim, so a lease that ran
    // out (the database was away longer than the lease) and went to another worker is left alone.
    const renewal = setInterval(() => {
      db.execute(
        sql`update jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
            where id = ${job.id} and attempts = ${job.attempts}`,
      ).catch((error: unknown) => log.warn({ err: error, job: job.id }, 'job lease not renewed'));
    }, leaseMs / 3);
    renewal.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { id: job.id, attempt: job.attempts });
      clearInterval(renewal);
      await db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      clearInterval(renewal);
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
