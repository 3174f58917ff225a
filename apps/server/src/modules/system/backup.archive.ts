// The backup archive: one tar holding the database snapshot, the stored files and the secrets
// kept under DATA_DIR, closed by `manifest.json`. The manifest comes last because it lists every
// entry's size and SHA-256, known only once the entry has streamed through; a reader checks each
// entry against it and refuses an archive whose manifest is missing (a cut-off transfer).
import crypto from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { z } from 'zod';
import { secretNames, type SecretName } from '../../infra/secrets.js';
import { isStorageKey } from '../../infra/storage/storage-driver.js';

export const backupFormat = 'library-backup';
export const backupFormatVersion = 1;
export const manifestPath = 'manifest.json';

/** Where each part lives inside the archive. */
export const archivePaths = {
  pgliteData: 'database/pglite-data.tar.gz',
  postgresDump: 'database/postgres.dump',
  storage: (key: string) => `storage/${key}`,
  secret: (name: SecretName) => `secrets/${name}`,
};

const entrySchema = z.object({
  path: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchiveEntry = z.infer<typeof entrySchema>;

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** migrations applied (rows of drizzle.__drizzle_migrations) and the last one's tag */
    migrations: z.number().int().nonnegative(),
    lastMigration: z.string().nullable(),
  }),
  storage: z.enum(['local', 's3']),
  entries: z.array(entrySchema),
  /** storage keys listed after the snapshot but gone when read (deleted for good meanwhile) */
  missing: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupArchiveError';
  }
}

/** The paths an archive may hold; anything else (`..`, absolute paths, other names) is refused. */
export function isArchivePath(entryPath: string): boolean {
  if (entryPath === manifestPath) return true;
  if (entryPath === archivePaths.pgliteData || entryPath === archivePaths.postgresDump) return true;
  if (secretNames.some((name) => entryPath === archivePaths.secret(name))) return true;
  const key = entryPath.startsWith('storage/') ? entryPath.slice('storage/'.length) : '';
  return isStorageKey(key) && (key.startsWith('blobs/') || key.startsWith('avatars/'));
}

/** An entry being written (tar-stream's streamx Writable), waited for when it is full. */
type EntrySink = ReturnType<ReturnType<typeof tar.pack>['entry']>;

async function writeChunk(target: EntrySink, chunk: Buffer) {
  if (!target.write(chunk))
    await new Promise<void>((resolve) => target.once('drain', () => resolve()));
}

/** Writes a tar into `output` entry by entry, keeping the size and SHA-256 of each. */
export function createArchiveWriter(output: Writable) {
  const pack = tar.pack();
  const entries: ArchiveEntry[] = [];
  const written = pipeline(Readable.from(pack as AsyncIterable<Buffer>), output);
  // a failing output must not leave add() waiting for a drain that never comes
  written.catch(() => pack.destroy());

  async function add(entryPath: string, size: number, body: Readable | Buffer) {
    if (!isArchivePath(entryPath)) throw new BackupArchiveError(`unexpected entry ${entryPath}`);
    const hash = crypto.createHash('sha256');
    let ended: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    const done = new Promise<void>((resolve, reject) => {
      ended = resolve;
      failed = reject;
    });
    const entry = pack.entry({ name: entryPath, size, mode: 0o600, mtime: new Date() }, (error) =>
      error ? failed(error) : ended(),
    );
    const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      hash.update(chunk);
      await writeChunk(entry, chunk);
    }
    entry.end(null);
    await done;
    entries.push({ path: entryPath, size, sha256: hash.digest('hex') });
  }

  return {
    add,
    /** Adds the manifest (with every entry written so far) and closes the archive. */
    async finish(manifest: Omit<BackupManifest, 'entries'>): Promise<BackupManifest> {
      const complete: BackupManifest = { ...manifest, entries: [...entries] };
      const text = Buffer.from(`${JSON.stringify(complete, null, 2)}\n`);
      await new Promise<void>((resolve, reject) => {
        pack.entry({ name: manifestPath, size: text.length, mode: 0o600 }, text, (error) =>
          error ? reject(error) : resolve(),
        );
      });
      pack.finalize();
      await written;
      return complete;
    },
    /** Stops the archive after a failure: the output ends short, without a manifest. */
    abort(error: Error) {
      pack.destroy(error);
    },
  };
}

/**
 * Reads an archive: hands every entry but the manifest to `onEntry` (which must consume the
 * stream), checks each against the manifest and answers the manifest. Refuses unknown paths, a
 * missing or unreadable manifest, and entries whose size or checksum differ from it.
 */
export async function readArchive(
  input: Readable,
  onEntry: (entryPath: string, body: Readable) => Promise<void>,
): Promise<BackupManifest> {
  const extract = tar.extract();
  const fed = pipeline(input, extract);
  // its failure surfaces through the entries below; awaited at the end
  fed.catch(() => undefined);
  const seen = new Map<string, ArchiveEntry>();
  let manifestText: string | undefined;
  try {
    for await (const entry of extract) {
      const entryPath = entry.header.name;
      if (entry.header.type !== 'file' || !isArchivePath(entryPath)) {
        throw new BackupArchiveError(`The archive holds an unexpected entry: ${entryPath}`);
      }
      if (entryPath === manifestPath) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const hash = crypto.createHash('sha256');
      let size = 0;
      const hashed = Readable.from(
        (async function* () {
          for await (const chunk of entry as AsyncIterable<Buffer>) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        })(),
      );
      await onEntry(entryPath, hashed);
      seen.set(entryPath, { path: entryPath, size, sha256: hash.digest('hex') });
    }
    await fed;
  } catch (error) {
    extract.destroy();
    await fed.catch(() => undefined);
    if (error instanceof BackupArchiveError) throw error;
    throw new BackupArchiveError(
      `The archive could not be read (${(error as Error).message}); it may be cut off or not a backup.`,
    );
  }
  if (manifestText === undefined) {
    throw new BackupArchiveError(
      'The archive has no manifest.json: it is incomplete (the backup was interrupted) or not a backup.',
    );
  }
  const parsed = manifestSchema.safeParse(safeJson(manifestText));
  if (!parsed.success) {
    throw new BackupArchiveError('The archive manifest is not one this version can read.');
  }
  const manifest = parsed.data;
  for (const expected of manifest.entries) {
    const actual = seen.get(expected.path);
    if (!actual) throw new BackupArchiveError(`The archive lacks ${expected.path}.`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      throw new BackupArchiveError(`${expected.path} does not match its checksum in the manifest.`);
    }
    seen.delete(expected.path);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw new BackupArchiveError(`${extra} is in the archive but not in its manifest.`);
  return manifest;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
