import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './signed-token.js';

const secret = 's'.repeat(40);
const now = new Date('2026-11-22T08:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('signed expiring tokens', () => {
  const signer = createTokenSigner(secret);

  it('verifies its own signature until the expiry, and not from that second on', () => {
    const { expires, signature } = signer.sign(['file', '42'], 300, now);
    expect(expires).toBe(now.getTime() / 1000 + 300);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(['file', '42'], String(expires), signature, now)).toBe(true);
    expect(signer.verify(['file', '42'], String(expires), signature, later(299.999))).toBe(true);
    expect(signer.verify(['file', '42'], String(expires), signature, later(300))).toBe(false);
  });

  it('refuses a tampered field, expiry or signature, and another secret', () => {
    const { expires, signature } = signer.sign(['file', '42'], 300, now);
    const e = String(expires);
    expect(signer.verify(['file', '43'], e, signature, now)).toBe(false);
    expect(signer.verify(['file'], e, signature, now)).toBe(false);
    expect(signer.verify(['file', '42'], String(expires + 1), signature, now)).toBe(false);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(signer.verify(['file', '42'], e, flipped, now)).toBe(false);
    expect(signer.verify(['file', '42'], e, signature.slice(1), now)).toBe(false);
    expect(signer.verify(['file', '42'], `${e}0`, signature, now)).toBe(false);
    expect(signer.verify(['file', '42'], `-${e}`, signature, now)).toBe(false);
    expect(createTokenSigner('t'.repeat(40)).verify(['file', '42'], e, signature, now)).toBe(false);
  });

  it('never mistakes two lists of fields for one another', () => {
    const { expires, signature } = signer.sign(['a', 'b'], 300, now);
    expect(signer.verify(['a\nb'], String(expires), signature, now)).toBe(false);
    expect(() => signer.sign(['a\nb'], 300, now)).toThrow();
  });

  it('signs each purpose with a key of its own', () => {
    const grants = createTokenSigner(secret, 'share-grant');
    const { expires, signature } = grants.sign(['share', '1'], 300, now);
    expect(grants.verify(['share', '1'], String(expires), signature, now)).toBe(true);
    expect(signer.verify(['share', '1'], String(expires), signature, now)).toBe(false);
  });

  it('signs as preview URLs and share grants were signed before, so issued ones still verify', () => {
    const expires = String(now.getTime() / 1000 + 300);
    const preview = crypto
      .createHmac('sha256', secret)
      .update(`file\n42\n${expires}`)
      .digest('base64url');
    expect(signer.verify(['file', '42'], expires, preview, now)).toBe(true);
    const grantKey = crypto.createHmac('sha256', secret).update('share-grant').digest();
    const grant = crypto
      .createHmac('sha256', grantKey)
      .update(`share\n3\n${expires}`)
      .digest('base64url');
    expect(
      createTokenSigner(secret, 'share-grant').verify(['share', '3'], expires, grant, now),
    ).toBe(true);
  });
});
