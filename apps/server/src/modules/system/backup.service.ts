// Backup and restore of a whole library: the database, the stored files (uploads and avatar
// images, on disk or in S3) and the secrets the server generated under DATA_DIR, as one archive
// (backup.archive.ts). The database snapshot is taken first and the files are listed after it, so
// every file the snapshot refers to is in the archive (a file uploaded meanwhile is harmless
// extra). The embedded database is copied by the process holding it: by the server through its
// backup endpoint (backup.endpoint.ts) while it runs, else by `npm run backup` itself.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../../config.js';
import {
  connectPostgres,
  migrationsFolder,
  openDatabase,
  queryRows,
  type Database,
  type DatabaseHandle,
} from '../../db/database.js';
import { lockDirectory } from '../../db/lock.js';
import { secretNames } from '../../infra/secrets.js';
import { createStorage } from '../../infra/storage/storage.js';
import {
  StorageNotFoundError,
  type StorageDriver,
  type StoragePrefix,
} from '../../infra/storage/storage-driver.js';
import {
  archivePaths,
  backupFormat,
  backupFormatVersion,
  createArchiveWriter,
  readArchive,
  type BackupManifest,
} from './backup.archive.js';
import { fetchBackup, readBackupEndpoint } from './backup.endpoint.js';

/** A backup or restore that cannot go ahead; the message tells the operator what to do. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

type StorageConfig = Pick<Config, 'dataDir' | 'storage' | 's3'>;

export interface BackupSource {
  database: DatabaseHandle;
  /** PostgreSQL: the URL `pg_dump` connects to */
  databaseUrl: string | undefined;
  config: StorageConfig;
  appVersion: string;
}

interface JournalEntry {
  when: number;
  tag: string;
}

function migrationJournal(): JournalEntry[] {
  const file = path.join(migrationsFolder, 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** How far the database is migrated: the rows drizzle keeps, the last one named by its tag. */
async function migrationLevel(db: Database) {
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const last = rows.at(-1);
  const tag = last
    ? (migrationJournal().find((entry) => String(entry.when) === String(last.created_at))?.tag ??
      null)
    : null;
  return { migrations: rows.length, lastMigration: tag };
}

/** libpq settings for a URL, the password in the environment rather than on the command line. */
function libpqConnection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a PostgreSQL client tool, failing with its own words. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusedError(
              `${command} was not found: install the PostgreSQL client tools of the server's major version (Debian: postgresql-client-15) or put them on PATH.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** The stored objects worth keeping: finished uploads and images, not uploads in progress. */
async function listStored(driver: StorageDriver, prefix: StoragePrefix) {
  return (await driver.list(prefix)).map((object) => object.key).sort();
}

/**
 * Writes the archive of `source` into `output`: database snapshot, then the stored files, then
 * the secrets, then the manifest. On failure the output ends without a manifest, which any
 * reader refuses.
 */
export async function writeBackup(source: BackupSource, output: Writable): Promise<BackupManifest> {
  const { database, config } = source;
  const archive = createArchiveWriter(output);
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'library-backup-'));
  try {
    const level = await migrationLevel(database.db);
    if (database.kind === 'pglite') {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      // between two transactions (every statement waits for this lock), so the copy needs no
      // recovery; requests wait meanwhile, so it is compressed only after (half the wait)
      const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      const file = path.join(scratch, 'pglite-data.tar.gz');
      await pipeline(
        Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>),
        zlib.createGzip(),
        fs.createWriteStream(file),
      );
      const { size } = await fsp.stat(file);
      await archive.add(archivePaths.pgliteData, size, fs.createReadStream(file));
      await fsp.rm(file);
    } else {
      if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL');
      const file = path.join(scratch, 'postgres.dump');
      const { dbname, env } = libpqConnection(source.databaseUrl);
      // one consistent snapshot, compressed; owners and grants are left to the target server
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${file}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      const { size } = await fsp.stat(file);
      await archive.add(archivePaths.postgresDump, size, fs.createReadStream(file));
      await fsp.rm(file);
    }

    // listed only now: whatever the snapshot refers to was stored before it was taken
    const missing: string[] = [];
    const areas: Array<[StorageDriver, StoragePrefix]> = [
      [createStorage(config, 'files'), 'blobs/'],
      [createStorage(config, 'avatars'), 'avatars/'],
    ];
    for (const [driver, prefix] of areas) {
      for (const key of await listStored(driver, prefix)) {
        const size = await driver.size(key);
        const body =
          size === null
            ? null
            : await driver.read(key).catch((error: unknown) => {
                if (error instanceof StorageNotFoundError) return null;
                throw error;
              });
        // deleted for good since the listing (the file's row went before its bytes)
        if (size === null || body === null) missing.push(key);
        else await archive.add(archivePaths.storage(key), size, body);
      }
    }

    for (const name of secretNames) {
      const bytes = await fsp.readFile(path.join(config.dataDir, name)).catch(() => null);
      if (bytes) await archive.add(archivePaths.secret(name), bytes.length, bytes);
    }

    return await archive.finish({
      format: backupFormat,
      formatVersion: backupFormatVersion,
      appVersion: source.appVersion,
      createdAt: new Date().toISOString(),
      database: { kind: database.kind, ...level },
      storage: config.storage,
      missing,
    });
  } catch (error) {
    archive.abort(error as Error);
    throw error;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/** Reads an archive through, checking every entry against the manifest; answers the manifest. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  return readArchive(fs.createReadStream(file), async (_entryPath, body) => {
    for await (const chunk of body) void chunk;
  });
}

const hasEmbeddedDatabase = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, 'db', 'pgdata', 'PG_VERSION'));

/**
 * `npm run backup`: writes the archive of the configured library to `outFile` (mode 0600; it
 * holds the secrets). The embedded database of a running server is copied by that server; with
 * no server running, or on PostgreSQL, this process does the work. The finished file is read back
 * and checked before it takes its name.
 */
export async function takeBackup(
  config: Config,
  outFile: string,
  appVersion: string,
): Promise<{ manifest: BackupManifest; by: 'server' | 'this process' }> {
  if (fs.existsSync(outFile)) throw new BackupRefusedError(`${outFile} exists already.`);
  const partial = `${outFile}.partial`;
  const output = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  // opened before anything can fail: a file opened after the clean-up below would stay behind
  await once(output, 'open');
  try {
    let by: 'server' | 'this process' = 'this process';
    const endpoint = config.databaseUrl ? undefined : readBackupEndpoint(config.dataDir);
    if (endpoint) {
      by = 'server';
      await fetchBackup(endpoint, output);
    } else {
      if (!config.databaseUrl && !hasEmbeddedDatabase(config.dataDir)) {
        throw new BackupRefusedError(
          `There is no database in ${config.dataDir} (DATA_DIR); nothing to back up.`,
        );
      }
      // on the embedded database this takes its lock: a server started meanwhile stops with
      // the "in use" message
      const database = config.databaseUrl
        ? connectPostgres(config.databaseUrl, 2)
        : await openDatabase(config);
      try {
        await writeBackup(
          { database, databaseUrl: config.databaseUrl, config, appVersion },
          output,
        );
      } finally {
        await database.close();
      }
    }
    const manifest = await verifyBackup(partial);
    await fsp.rename(partial, outFile);
    return { manifest, by };
  } catch (error) {
    output.destroy();
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

// --- restore ---

const databaseKind = (config: Pick<Config, 'databaseUrl'>) =>
  config.databaseUrl ? 'postgres' : 'pglite';

/** Tables, sequences or views outside PostgreSQL's own schemas: any means "not empty". */
async function postgresRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Refuses a target holding anything: restore never merges into a library. */
async function assertEmptyTarget(config: Config) {
  const names = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : [];
  if (names.length > 0) {
    throw new BackupRefusedError(
      `DATA_DIR ${config.dataDir} is not empty (it holds ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}). ` +
        'A backup is restored only into an empty directory: move this one aside or point DATA_DIR at a new one.',
    );
  }
  if (config.databaseUrl && (await postgresRelations(config.databaseUrl)) > 0) {
    throw new BackupRefusedError(
      'The database DATABASE_URL names is not empty. A backup is restored only into an empty database: create a new one (createdb) and point DATABASE_URL at it.',
    );
  }
  if (config.storage === 's3') {
    const driver = createStorage(config, 'files');
    for (const prefix of ['blobs/', 'avatars/'] as const) {
      if ((await driver.list(prefix)).length > 0) {
        throw new BackupRefusedError(
          `The S3 bucket already holds objects under ${prefix}. A backup is restored only into an empty bucket (or one without blobs/ and avatars/).`,
        );
      }
    }
  }
}

function assertRestorable(manifest: BackupManifest, config: Config) {
  if (manifest.formatVersion > backupFormatVersion) {
    throw new BackupRefusedError(
      `This backup was written by a newer version of the library (format ${manifest.formatVersion}); restore it with that version.`,
    );
  }
  const known = migrationJournal().length;
  if (manifest.database.migrations > known) {
    throw new BackupRefusedError(
      `This backup's database is migrated further (${manifest.database.lastMigration}) than this version knows; restore it with the version that wrote it (${manifest.appVersion}) or a newer one.`,
    );
  }
  const target = databaseKind(config);
  if (manifest.database.kind !== target) {
    throw new BackupRefusedError(
      manifest.database.kind === 'pglite'
        ? 'This backup holds an embedded (PGlite) database: restore it with DATABASE_URL unset.'
        : 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.',
    );
  }
}

async function restoreDatabase(manifest: BackupManifest, staging: string, config: Config) {
  if (manifest.database.kind === 'pglite') {
    const dir = path.join(config.dataDir, 'db');
    const release = lockDirectory(dir);
    try {
      const bytes = await fsp.readFile(path.join(staging, archivePaths.pgliteData));
      const client = await PGlite.create({
        dataDir: path.join(dir, 'pgdata'),
        loadDataDir: new Blob([bytes]),
        extensions: { vector },
      });
      await client.close();
    } finally {
      release();
    }
    return;
  }
  const { dbname, env } = libpqConnection(config.databaseUrl ?? '');
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      path.join(staging, archivePaths.postgresDump),
    ],
    env,
  );
}

/**
 * `npm run restore`: brings an archive back into the configured, empty target — DATA_DIR, and the
 * PostgreSQL database or S3 bucket when configured. The archive is unpacked into DATA_DIR and
 * checked against its manifest before anything is restored.
 */
export async function restoreBackup(config: Config, input: Readable): Promise<BackupManifest> {
  await assertEmptyTarget(config);
  const staging = path.join(config.dataDir, `.restore-${crypto.randomBytes(4).toString('hex')}`);
  await fsp.mkdir(staging, { recursive: true, mode: 0o700 });
  let restoring = false;
  try {
    const manifest = await readArchive(input, async (entryPath, body) => {
      const file = path.join(staging, entryPath);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await pipeline(body, fs.createWriteStream(file, { mode: 0o600 }));
    });
    assertRestorable(manifest, config);
    restoring = true;
    await restoreDatabase(manifest, staging, config);
    const drivers = {
      files: createStorage(config, 'files'),
      avatars: createStorage(config, 'avatars'),
    };
    for (const entry of manifest.entries) {
      const staged = path.join(staging, entry.path);
      if (entry.path.startsWith('storage/')) {
        const key = entry.path.slice('storage/'.length);
        const driver = key.startsWith('avatars/') ? drivers.avatars : drivers.files;
        await driver.put(key, fs.createReadStream(staged));
      } else if (entry.path.startsWith('secrets/')) {
        const target = path.join(config.dataDir, path.basename(entry.path));
        await fsp.copyFile(staged, target, fs.constants.COPYFILE_EXCL);
        await fsp.chmod(target, 0o600);
      }
    }
    return manifest;
  } catch (error) {
    if (restoring && !(error instanceof BackupRefusedError)) {
      throw new BackupRefusedError(
        `The restore failed part-way (${(error as Error).message}). Empty the target (DATA_DIR${config.databaseUrl ? ', the database' : ''}${config.storage === 's3' ? ', the bucket' : ''}) before trying again.`,
      );
    }
    throw error;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
