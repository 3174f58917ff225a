import { describe, expect, it } from 'vitest';
import { createKeyCipher } from './key-cipher.js';

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
});
