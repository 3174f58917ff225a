// Only one process may open an embedded database directory. The lock file names its holder so
// the second process can say who it is; a lock left by a dead process is taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  constructor(dir: string, holder: string) {
    super(`The database directory ${dir} is in use by ${holder}; stop that process first.`);
    this.name = 'DirectoryLockedError';
  }
}

interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** Takes the lock on `dir` or throws DirectoryLockedError. Returns the release function. */
export function lockDirectory(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'library.lock');
  const mine: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return () => {
        const current = readLock(file);
        if (current?.pid === mine.pid && current.hostname === mine.hostname)
          fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      const stale = holder && holder.hostname === mine.hostname && !isAlive(holder.pid);
      if (holder && !stale) {
        throw new DirectoryLockedError(
          dir,
          `process ${holder.pid} on ${holder.hostname} (since ${holder.startedAt})`,
        );
      }
      // A lock from a process that no longer runs (or an unreadable one): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DirectoryLockedError(dir, 'another process');
}
