import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateSecret } from './secrets.js';

let dataDir: string;
beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'library-secrets-')), 'data');
});
afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

describe('readOrCreateSecret', () => {
  it('makes a secret once, readable by its owner only, and reads the same one back', () => {
    const first = readOrCreateSecret(dataDir, 'preview-secret');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'preview-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(dataDir, 'preview-secret')).toBe(first);
    expect(fs.readFileSync(file, 'utf8')).toBe(first);
  });

  it('keeps each named secret apart', () => {
    const preview = readOrCreateSecret(dataDir, 'preview-secret');
    const ai = readOrCreateSecret(dataDir, 'ai-secret.key');
    expect(ai).not.toBe(preview);
    expect(fs.readdirSync(dataDir).sort()).toEqual(['ai-secret.key', 'preview-secret']);
  });

  it("keeps an existing install's secret as it was written, whatever its form", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    // ai-secret.key used to be written in base64
    fs.writeFileSync(path.join(dataDir, 'ai-secret.key'), 'bm90IGEgcmVhbCBrZXkgYnV0IG9sZA==\n', {
      mode: 0o600,
    });
    expect(readOrCreateSecret(dataDir, 'ai-secret.key')).toBe('bm90IGEgcmVhbCBrZXkgYnV0IG9sZA==');
  });

  it('refuses an empty secret file instead of signing with a key anyone knows', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'preview-secret'), '\n');
    expect(() => readOrCreateSecret(dataDir, 'preview-secret')).toThrow(/is empty/);
  });
});
