// Opens the database: embedded PGlite under DATA_DIR/db by default, a PostgreSQL server when
// DATABASE_URL is set. The rest of the server sees one Drizzle type for both.
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { listenPostgres, type ChannelHandlers, type ChannelSubscription } from './channel.js';
import { lockDirectory } from './lock.js';
import { serverRoot } from '../server-root.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

/** Rows of a raw SQL statement (both drivers answer `{ rows }`). */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * A query of the hot read path as a prepared statement: built once per database or transaction
 * handle and, on PostgreSQL, parsed and planned once per connection (the read benchmark answers
 * several times more requests with it; docs/performance.md). `build` names the statement
 * uniquely and keeps its SQL text fixed: values go in through `sql.placeholder`.
 */
export function preparedQuery<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for background jobs. On PGlite every statement runs on the site's one
   * thread, and a chain of them never gives way to the requests waiting: this handle lets them
   * go first before each statement (`yieldingPglite`). On PostgreSQL it is `db`.
   */
  background: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Hears `pg_notify(channel, …)` from every instance sharing this database. */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription>;
  close(): Promise<void>;
}

/** PGlite, or the transaction it hands to `transaction`'s callback */
type PgliteStatements = Pick<PGlite, 'query' | 'exec'>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite as background work should use it: before each statement, and in each transaction it
 * opens, whatever waits on the event loop (requests that arrived, answers to write) runs first.
 * A statement runs to its end on the thread once begun, and PGlite answers through promises only,
 * so an index job's dozen statements would otherwise hold every request back until the last
 * (docs/performance.md: p99 of a page read while 1,000 pages are re-indexed).
 */
export function yieldingPglite<Client extends PgliteStatements>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query' || property === 'exec') {
        const run = target[property].bind(target) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await nextTurn();
          return run(...args);
        };
      }
      if (property === 'transaction' && target instanceof PGlite) {
        return async (callback: (tx: PgliteStatements) => Promise<unknown>) => {
          await nextTurn();
          return target.transaction((tx) => callback(yieldingPglite(tx)));
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

export function wrapPglite(client: PGlite, release?: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    background: drizzlePglite({ client: yieldingPglite(client), schema }) as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async listen(channel, handlers) {
      // PGlite runs in this process and hands notifications over as each statement completes
      const unlisten = await client.listen(channel, handlers.onMessage);
      handlers.onUp();
      return {
        settled: async () => undefined,
        settledEverywhere: async () => undefined,
        close: () => unlisten(),
      };
    },
    async close() {
      await client.close();
      release?.();
    },
  };
}

/** `jobQueue` names this pool's job queue (tests: one per test app, see db/schema/jobs.ts). */
export function connectPostgres(
  url: string,
  poolSize = 10,
  options: { jobQueue?: string } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: 'library',
    // a request waits at most this long for a connection, then answers 503 (db/errors.ts)
    connectionTimeoutMillis: 10_000,
    // JIT off: the server's queries are short, and a plan the planner overestimates (search's
    // best-first check, stopped by its limit) was compiled for 2 s to run for 20 ms
    options: `-c jit=off${options.jobQueue ? ` -c library.job_queue=${options.jobQueue}` : ''}`,
  });
  // A connection the server ends (stop, restart, failover) emits 'error': when idle, on the pool,
  // which drops it; when checked out between two queries (inside a transaction), on the client
  // alone. Unheard, either would end the process; heard, the next query on it fails (503, see
  // db/errors.ts) and the pool drops it on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    background: db as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 runs it with its baseline compiler and
 * recompiles a function with its optimising compiler once it has run for a while (its "tiering
 * budget"); at the default budget, opening the database and the first statements already send
 * hundreds of functions there, and the compilations hold 40–75 MB of the idle server's memory.
 * A budget 1,000× larger leaves the idle server at baseline code (~200 MB instead of ~270 MB
 * after a restart) while what keeps running under load is still optimised after a few seconds
 * of it, for the same time per statement (docs/performance.md 'Idle memory'). Read when the
 * module is instantiated, so it is set before the database opens.
 */
function keepColdDatabaseCodeUnoptimised() {
  v8.setFlagsFromString('--wasm-tiering-budget=2000000000');
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'db');
  const release = lockDirectory(dir);
  try {
    keepColdDatabaseCodeUnoptimised();
    // pgvector ships with the embedded database, so vector retrieval works there out of the box
    const client = await PGlite.create({
      dataDir: path.join(dir, 'pgdata'),
      extensions: { vector },
      // The files sit in the operating system's page cache anyway: 16 MB of buffers instead of
      // initdb's 128 MB keeps the idle server's memory down (docs/performance.md 'Idle memory').
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}
