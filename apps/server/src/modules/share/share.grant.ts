// The grant an unlocked protected share hands out: `{expires}.{hmac}` over the share, its grant
// version (raised by every password change) and the expiry. Sent back as the `x-share-grant`
// header or the `?grant=` of a file URL; every request still loads the share, so a revoked,
// expired or unpublished share refuses a grant that is still within its time.
import crypto from 'node:crypto';

/** How long an unlock lasts before the password is asked again. */
export const grantTtlSeconds = 2 * 60 * 60;

export interface GrantSigner {
  sign(share: GrantSubject, now?: Date): { grant: string; expiresAt: string };
  verify(share: GrantSubject, grant: string | undefined, now?: Date): boolean;
}

interface GrantSubject {
  id: string;
  grantVersion: number;
}

/** Grants are signed with a key derived from the preview secret (one secret to keep). */
export function createGrantSigner(secret: string): GrantSigner {
  const key = crypto.createHmac('sha256', secret).update('share-grant').digest();
  const mac = (share: GrantSubject, expires: string) =>
    crypto
      .createHmac('sha256', key)
      .update(`${share.id}\n${share.grantVersion}\n${expires}`)
      .digest();
  return {
    sign(share, now = new Date()) {
      const expires = String(Math.floor(now.getTime() / 1000) + grantTtlSeconds);
      return {
        grant: `${expires}.${mac(share, expires).toString('base64url')}`,
        expiresAt: new Date(Number(expires) * 1000).toISOString(),
      };
    },
    verify(share, grant, now = new Date()) {
      const match = grant ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(grant) : null;
      if (!match) return false;
      const [, expires = '', signature = ''] = match;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(share, expires);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
