// The grant an unlocked protected share hands out: `{expires}.{hmac}` over the share, its grant
// version (raised by every password change) and the expiry (lib/signed-token.ts). Sent back as
// the `x-share-grant` header or the `?grant=` of a file URL; every request still loads the share,
// so a revoked, expired or unpublished share refuses a grant that is still within its time.
import { createTokenSigner } from '../../lib/signed-token.js';

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
  const signer = createTokenSigner(secret, 'share-grant');
  const fields = (share: GrantSubject) => [share.id, String(share.grantVersion)];
  return {
    sign(share, now = new Date()) {
      const { expires, signature } = signer.sign(fields(share), grantTtlSeconds, now);
      return {
        grant: `${expires}.${signature}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    verify(share, grant, now = new Date()) {
      const dot = grant?.indexOf('.') ?? -1;
      if (grant === undefined || dot < 0) return false;
      return signer.verify(fields(share), grant.slice(0, dot), grant.slice(dot + 1), now);
    },
  };
}
