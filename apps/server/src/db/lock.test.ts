import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from './lock.js';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeLock(dir: string, pid: number, hostname: string) {
  fs.writeFileSync(
    path.join(dir, 'library.lock'),
    JSON.stringify({ pid, hostname, startedAt: new Date().toISOString() }),
  );
}

describe('lockDirectory', () => {
  it('refuses a second lock of the same directory, naming the holder pid', () => {
    const dir = tempDir();
    const release = lockDirectory(dir);
    try {
      expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
      expect(() => lockDirectory(dir)).toThrow(`process ${process.pid}`);
    } finally {
      release();
    }
  });

  it('can be taken again after release', () => {
    const dir = tempDir();
    lockDirectory(dir)();
    expect(fs.existsSync(path.join(dir, 'library.lock'))).toBe(false);
    const release = lockDirectory(dir);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    release();
  });

  it('creates a missing directory', () => {
    const dir = path.join(tempDir(), 'nested', 'db');
    const release = lockDirectory(dir);
    expect(fs.existsSync(path.join(dir, 'library.lock'))).toBe(true);
    release();
  });

  it('takes over a lock left by a dead process (pid 999999) on this host', () => {
    const dir = tempDir();
    writeLock(dir, 999999, os.hostname());
    const release = lockDirectory(dir);
    const held = JSON.parse(fs.readFileSync(path.join(dir, 'library.lock'), 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    expect(() => lockDirectory(dir)).toThrow(`process ${process.pid}`);
    release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'library.lock'), 'not json');
    const release = lockDirectory(dir);
    release();
    expect(fs.existsSync(path.join(dir, 'library.lock'))).toBe(false);
  });

  it('respects a lock of another host, whose processes it cannot see', () => {
    const dir = tempDir();
    writeLock(dir, 999999, `${os.hostname()}-other`);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(dir)).toThrow(`${os.hostname()}-other`);
  });

  it('release does not remove a lock that another process took over', () => {
    const dir = tempDir();
    const release = lockDirectory(dir);
    writeLock(dir, 999999, os.hostname());
    release();
    expect(fs.existsSync(path.join(dir, 'library.lock'))).toBe(true);
  });
});
