// Signed preview URLs: `/preview/{fileId}?u={userId}&e={unixSeconds}&s={hmac}`. The HMAC covers
// the file, the user and the expiry, so a URL works only for the user it was made for and only
// until it expires; the user's access to the file is checked again on every request. A URL made
// for an anonymous visitor carries u=0 (user ids start at 100001) and is checked as a visitor.
import crypto from 'node:crypto';
import { filePreviewPathPrefix, filePreviewTtlSeconds } from '@library/contract';

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
  const mac = (fileId: string, userId: string, expires: string) =>
    crypto.createHmac('sha256', secret).update(`${fileId}\n${userId}\n${expires}`).digest();

  return {
    sign(fileId, userId, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + filePreviewTtlSeconds;
      const user = userId === null ? anonymous : String(userId);
      const signature = mac(fileId, user, String(expires)).toString('base64url');
      const query = new URLSearchParams({ u: user, e: String(expires), s: signature });
      return {
        url: `${filePreviewPathPrefix}${fileId}?${query.toString()}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    verify(fileId, query, now = new Date()) {
      const { u, e, s } = query;
      if (!u || !e || !s || !/^\d{1,18}$/.test(u) || !/^\d{1,12}$/.test(e)) return null;
      if (Number(e) * 1000 <= now.getTime()) return null;
      const expected = mac(fileId, u, e);
      const given = Buffer.from(s, 'base64url');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      return { userId: u === anonymous ? null : Number(u) };
    },
  };
}
