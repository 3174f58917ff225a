import { describe, expect, it } from 'vitest';
import { filePreviewTtlSeconds } from '@library/contract';
import { createPreviewSigner } from './file.preview.js';

const fileId = '6f1c1c52-5a4e-4f5e-9d59-6a0f1a2b3c4d';

describe('preview URL signing', () => {
  const signer = createPreviewSigner('x'.repeat(32));
  const query = (url: string) => Object.fromEntries(new URL(url, 'http://h').searchParams);

  it('verifies its own URL for its user until it expires', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const { url, expiresAt } = signer.sign(fileId, 42, now);
    expect(expiresAt).toBe('2026-11-22T08:05:00.000Z');
    expect(signer.verify(fileId, query(url), now)).toEqual({ userId: 42 });
    const last = new Date(now.getTime() + filePreviewTtlSeconds * 1000 - 1);
    expect(signer.verify(fileId, query(url), last)).toEqual({ userId: 42 });
    const expired = new Date(now.getTime() + filePreviewTtlSeconds * 1000);
    expect(signer.verify(fileId, query(url), expired)).toBeNull();
  });

  it('refuses another file, user, expiry, secret or a missing part', () => {
    const now = new Date();
    const q = query(signer.sign(fileId, 42, now).url);
    expect(signer.verify('00000000-0000-4000-8000-000000000000', q, now)).toBeNull();
    expect(signer.verify(fileId, { ...q, u: '43' }, now)).toBeNull();
    expect(signer.verify(fileId, { ...q, e: String(Number(q.e) + 1) }, now)).toBeNull();
    expect(createPreviewSigner('y'.repeat(32)).verify(fileId, q, now)).toBeNull();
    expect(signer.verify(fileId, { u: q.u, e: q.e }, now)).toBeNull();
    expect(signer.verify(fileId, { ...q, u: '42abc' }, now)).toBeNull();
    // a user's URL cannot be turned into an anonymous visitor's
    expect(signer.verify(fileId, { ...q, u: '0' }, now)).toBeNull();
  });

  it('signs for an anonymous visitor as user 0, verified as no user', () => {
    const now = new Date();
    const q = query(signer.sign(fileId, null, now).url);
    expect(q.u).toBe('0');
    expect(signer.verify(fileId, q, now)).toEqual({ userId: null });
    expect(signer.verify(fileId, { ...q, u: '42' }, now)).toBeNull();
  });
});
