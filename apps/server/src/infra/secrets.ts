// The secrets the server makes itself when no variable sets them, each kept in a file of its own
// under DATA_DIR (mode 0600) so that it survives restarts: preview URLs and share grants stay
// valid, and sealed model keys can still be opened. The backup archive carries these files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file names under DATA_DIR: `ai-secret.key` seals model keys, `preview-secret` signs. */
export const secretNames = ['ai-secret.key', 'preview-secret'] as const;
export type SecretName = (typeof secretNames)[number];

/**
 * The secret kept in DATA_DIR/`name`, made (32 random bytes) the first time it is asked for.
 * When several processes start together the first file written wins and all use it.
 */
export function readOrCreateSecret(dataDir: string, name: SecretName): string {
  const file = path.join(dataDir, name);
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  try {
    // 'wx': never over another process's secret
    fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const theirs = readSecret(file);
  if (theirs === undefined) throw new Error(`${file} vanished while it was being made`);
  return theirs;
}

/** The file's secret, undefined when there is no file; an empty one is refused, never used. */
function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = text.trim();
  // a key anyone can guess would sign and seal for everyone
  if (secret === '') throw new Error(`${file} is empty: restore it from a backup, or remove it`);
  return secret;
}
