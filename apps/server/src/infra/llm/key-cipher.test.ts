import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeyCipher, loadSecret } from './key-cipher.js';

describe('provider key sealing', () => {
  it('round-trips, never contains the key, and refuses a tampered or foreign seal', () => {
    const cipher = createKeyCipher('a'.repeat(32));
    const sealed = cipher.seal('sk-live-123');
    expect(sealed).not.toContain('sk-live-123');
    expect(cipher.seal('sk-live-123')).not.toBe(sealed); // a fresh IV each time
    expect(cipher.open(sealed)).toBe('sk-live-123');
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => cipher.open(tampered)).toThrow();
    expect(() => createKeyCipher('b'.repeat(32)).open(sealed)).toThrow();
  });

  it('generates one secret under the data directory and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-secret-'));
    try {
      const first = loadSecret(undefined, dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadSecret(undefined, dir)).toBe(first);
      expect(fs.statSync(path.join(dir, 'ai-secret.key')).mode & 0o777).toBe(0o600);
      expect(loadSecret('configured'.repeat(4), dir)).toBe('configured'.repeat(4));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
