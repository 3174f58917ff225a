import { describe, expect, it } from 'vitest';
import { createGrantSigner, grantTtlSeconds } from './share.grant.js';

const share = { id: '6f1c1c52-5a4e-4f5e-9d59-6a0f1a2b3c4d', grantVersion: 2 };
const now = new Date('2026-11-22T08:00:00Z');

describe('share grants', () => {
  const grants = createGrantSigner('x'.repeat(32));

  it('opens its share for two hours', () => {
    const { grant, expiresAt } = grants.sign(share, now);
    expect(grant).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe('2026-11-22T10:00:00.000Z');
    expect(grants.verify(share, grant, now)).toBe(true);
    const end = new Date(now.getTime() + grantTtlSeconds * 1000);
    expect(grants.verify(share, grant, new Date(end.getTime() - 1))).toBe(true);
    expect(grants.verify(share, grant, end)).toBe(false);
  });

  it('refuses another share, a new password, a tampered grant and nonsense', () => {
    const { grant } = grants.sign(share, now);
    const [expires = '', signature = ''] = grant.split('.');
    expect(
      grants.verify({ ...share, id: '00000000-0000-4000-8000-000000000000' }, grant, now),
    ).toBe(false);
    expect(grants.verify({ ...share, grantVersion: 3 }, grant, now)).toBe(false);
    expect(grants.verify(share, `${Number(expires) + 3600}.${signature}`, now)).toBe(false);
    expect(grants.verify(share, `${expires}.${signature.slice(1)}A`, now)).toBe(false);
    expect(createGrantSigner('y'.repeat(32)).verify(share, grant, now)).toBe(false);
    for (const bad of [undefined, '', 'nonsense', `${expires}`, `.${signature}`, `${grant}.x`]) {
      expect(grants.verify(share, bad, now), String(bad)).toBe(false);
    }
  });
});
