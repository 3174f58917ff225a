// Signed preview URLs: `/preview/{fileId}?u={userId}&e={unixSeconds}&s={hmac}`. The HMAC
// (lib/signed-token.ts) covers the file, the user and the expiry, so a URL works only for the user
// it was made for and only until it expires; the user's access to the file is checked again on
// every request. A URL made for an anonymous visitor carries u=0 (user ids start at 100001) and is
// checked as a visitor.
import { filePreviewPathPrefix, filePreviewTtlSeconds } from '@library/contract';
import { createTokenSigner } from '../../lib/signed-token.js';

export interface PreviewSigner {
  /** `userId` null: an anonymous visitor */
  sign(fileId: string, userId: number | null, now?: Date): { url: string; expiresAt: string };
  /**
   * Whom the URL was made for (`userId` null: an anonymous visitor), or null when it is forged,
   * altered or expired
   */
  verify(fileId: string, query: PreviewQuery, now?: Date): { userId: number | null } | null;
}

const anonymous = '0';

export interface PreviewQuery {
  u?: string;
  e?: string;
  s?: string;
}

export function createPreviewSigner(secret: string): PreviewSigner {
  // the secret itself is the key: URLs signed before share grants existed keep verifying
  const signer = createTokenSigner(secret);
  return {
    sign(fileId, userId, now = new Date()) {
      const user = userId === null ? anonymous : String(userId);
      const { expires, signature } = signer.sign([fileId, user], filePreviewTtlSeconds, now);
      const query = new URLSearchParams({ u: user, e: String(expires), s: signature });
      return {
        url: `${filePreviewPathPrefix}${fileId}?${query.toString()}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    verify(fileId, query, now = new Date()) {
      const { u, e, s } = query;
      if (!u || !e || !s || !/^\d{1,18}$/.test(u)) return null;
      if (!signer.verify([fileId, u], e, s, now)) return null;
      return { userId: u === anonymous ? null : Number(u) };
    },
  };
}
