// An uploaded import on disk (copied from storage to a temp file, never held in memory): for a .zip its
// central directory checked before a byte is extracted — entry count, declared sizes, the
// compression ratio, and the names (no `..`, no absolute or drive paths, no symlinks). Entries
// are then read one by one, each stopped once it gives more than it declared.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import unzipper from 'unzipper';
import { ErrorCode, importLimits } from '@library/contract';
import { AppError } from '../../http/app-error.js';

type Limits = typeof importLimits;

export const tooLarge = (detail: string) => new AppError(ErrorCode.quotaSingleFileSize, { detail });
export const badArchive = (detail: string) => new AppError(ErrorCode.paramError, { detail });

/** Counts bytes through; past `max` it fails with 413 (`what` names the thing in the message). */
export function byteLimit(max: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(tooLarge(`${what} is larger than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

/** A temp folder for one import, removed by `dispose`. */
export async function tempFolder() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'library-import-'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export interface ArchiveEntry {
  /** the entry's path, normalised to forward slashes */
  path: string;
  size: number;
  open: () => Readable;
}

/** The kind of an entry a symlink is: its Unix mode in the upper half of the external attributes. */
const isSymlink = (externalAttributes: number) =>
  ((externalAttributes >>> 16) & 0o170000) === 0o120000;

/** A path inside the archive that stays inside it; anything else is refused (400). */
export function safeEntryPath(raw: string): string {
  const name = raw.replace(/\\/g, '/');
  if (
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..') ||
    // eslint-disable-next-line no-control-regex
    /[\u0000]/.test(name)
  ) {
    throw badArchive(`unsafe path in the archive: ${JSON.stringify(raw)}`);
  }
  return name.replace(/^(\.\/)+/, '');
}

/**
 * Opens a .zip on disk and checks its central directory against the limits; answers its file
 * entries (folders and macOS metadata left out). Nothing is extracted here.
 */
export async function openZip(file: string, limits: Limits = importLimits) {
  let directory: unzipper.CentralDirectory;
  try {
    directory = await unzipper.Open.file(file);
  } catch (error) {
    throw badArchive(`not a zip archive: ${error instanceof Error ? error.message : ''}`);
  }
  if (directory.files.length > limits.entries) {
    throw tooLarge(`the archive has more than ${limits.entries} entries`);
  }
  let declared = 0;
  const entries: ArchiveEntry[] = [];
  for (const entry of directory.files) {
    const name = safeEntryPath(entry.path);
    if (isSymlink(entry.externalFileAttributes)) {
      throw badArchive(`symbolic link in the archive: ${JSON.stringify(entry.path)}`);
    }
    declared += entry.uncompressedSize;
    if (declared > limits.uncompressedBytes) {
      throw tooLarge(`the archive unpacks to more than ${limits.uncompressedBytes} bytes`);
    }
    if (
      entry.uncompressedSize > 1024 * 1024 &&
      entry.uncompressedSize > limits.ratio * Math.max(entry.compressedSize, 1)
    ) {
      throw tooLarge(`${entry.path} is compressed more than ${limits.ratio} times`);
    }
    if (entry.type === 'Directory' || name.endsWith('/')) continue;
    if (name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('._')) continue;
    if (path.posix.basename(name) === '.DS_Store') continue;
    entries.push({
      path: name,
      size: entry.uncompressedSize,
      // the bytes actually read may not pass what the entry declared
      open: () =>
        entry.stream().pipe(byteLimit(entry.uncompressedSize, entry.path)) as unknown as Readable,
    });
  }
  return entries;
}

/** Reads a whole (small) stream as bytes, at most `max` bytes (413 past it). */
export async function readBytes(source: Readable, max: number, what: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(source, byteLimit(max, what), sink);
  return Buffer.concat(chunks);
}

/** Reads a whole (small) stream as UTF-8 text (a byte order mark dropped). */
export async function readText(source: Readable, max: number, what: string): Promise<string> {
  return (await readBytes(source, max, what)).toString('utf8').replace(/^\uFEFF/, '');
}
