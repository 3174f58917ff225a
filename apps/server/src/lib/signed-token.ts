// Signatures that expire: an HMAC-SHA256 over a few fields and an expiry (unix seconds), for
// credentials the server hands out and takes back without keeping them — preview URLs and share
// grants. Each user lays the expiry and signature out in its own way (query parameters, a
// `{expires}.{signature}` string); the signing, the clock and the comparison are here.
import crypto from 'node:crypto';

export interface TokenSigner {
  /** the signature of `fields`, valid for `ttlSeconds` from `now` */
  sign(fields: readonly string[], ttlSeconds: number, now?: Date): SignedExpiry;
  /** true only when `signature` is that of `fields` and `expires`, and `expires` is ahead */
  verify(fields: readonly string[], expires: string, signature: string, now?: Date): boolean;
}

export interface SignedExpiry {
  /** unix seconds */
  expires: number;
  /** base64url, 43 characters */
  signature: string;
}

const expiresPattern = /^\d{1,12}$/;
const signaturePattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * `purpose`: sign with a key of its own derived from `secret`, so that one secret serves several
 * kinds of token and a signature of one kind is never one of another. Without it the secret is
 * the key (preview URLs, signed so before there were other kinds).
 */
export function createTokenSigner(secret: string, purpose?: string): TokenSigner {
  const key =
    purpose === undefined ? secret : crypto.createHmac('sha256', secret).update(purpose).digest();
  const mac = (fields: readonly string[], expires: string) => {
    // fields are ids and numbers; a newline in one could make two lists sign alike
    if (fields.some((field) => field.includes('\n'))) throw new Error('a field holds a newline');
    return crypto
      .createHmac('sha256', key)
      .update([...fields, expires].join('\n'))
      .digest();
  };
  return {
    sign(fields, ttlSeconds, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return { expires, signature: mac(fields, String(expires)).toString('base64url') };
    },
    verify(fields, expires, signature, now = new Date()) {
      if (!expiresPattern.test(expires) || !signaturePattern.test(signature)) return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      if (fields.some((field) => field.includes('\n'))) return false;
      const expected = mac(fields, expires);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
