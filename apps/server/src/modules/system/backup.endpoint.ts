// The running server's backup endpoint on the embedded database. Only the process holding the
// data directory may open it, so `npm run backup` asks that server for the archive. Once
// listening, the server writes DATA_DIR/db/backup-endpoint.json (mode 0600) with its address and a
// token made at start: whoever can read that file can read the database files anyway, so the
// token gives nothing away. The route answers only that token, and only to this machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

export interface BackupEndpoint {
  pid: number;
  hostname: string;
  url: string;
  token: string;
}

export const backupTokenHeader = 'x-backup-token';

const endpointFile = (dataDir: string) => path.join(dataDir, 'db', 'backup-endpoint.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function writeBackupEndpoint(dataDir: string, endpoint: Omit<BackupEndpoint, 'hostname'>) {
  const file = endpointFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // replaced whole: a reader never sees half of it
  const part = `${file}.${process.pid}`;
  fs.writeFileSync(part, JSON.stringify({ ...endpoint, hostname: os.hostname() }), { mode: 0o600 });
  fs.renameSync(part, file);
}

export function removeBackupEndpoint(dataDir: string, pid: number) {
  const current = readEndpointFile(dataDir);
  if (current?.pid === pid) fs.rmSync(endpointFile(dataDir), { force: true });
}

function readEndpointFile(dataDir: string): BackupEndpoint | undefined {
  try {
    return JSON.parse(fs.readFileSync(endpointFile(dataDir), 'utf8')) as BackupEndpoint;
  } catch {
    return undefined;
  }
}

/** The endpoint of a server running on this machine, or undefined (none, or one that died). */
export function readBackupEndpoint(dataDir: string): BackupEndpoint | undefined {
  const endpoint = readEndpointFile(dataDir);
  if (!endpoint || endpoint.hostname !== os.hostname() || !isAlive(endpoint.pid)) return undefined;
  return endpoint;
}

/** The URL this machine reaches a server on, from the address it listens on. */
export function loopbackUrl(address: { address: string; family: string; port: number }): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  if (address.family === 'IPv6') {
    return `http://[${wildcard ? '::1' : address.address}]:${address.port}`;
  }
  return `http://${wildcard ? '127.0.0.1' : address.address}:${address.port}`;
}

/** Streams the running server's archive into `output`. */
export async function fetchBackup(endpoint: BackupEndpoint, output: Writable) {
  const res = await fetch(`${endpoint.url}/api/system/v1/backup`, {
    headers: { [backupTokenHeader]: endpoint.token },
  }).catch((error: unknown) => {
    throw new Error(
      `The server (process ${endpoint.pid}) did not answer at ${endpoint.url}: ${(error as Error).message}`,
    );
  });
  if (res.status !== 200 || !res.body) {
    throw new Error(
      `The server (process ${endpoint.pid}) refused the backup: HTTP ${res.status} ${await res.text()}`,
    );
  }
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), output);
}
