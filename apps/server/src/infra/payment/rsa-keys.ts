// RSA keys as operators get them from Alipay and WeChat Pay (PEM files, or Alipay's bare base64
// key text), and SHA256withRSA signatures (Alipay's RSA2, WeChat Pay's WECHATPAY2-SHA256-RSA2048).
import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';

/** An environment value: real newlines or `\n` escapes, surrounding blanks dropped. */
function unescape(text: string): string {
  return text.replace(/\\n/g, '\n').trim();
}

function wrapPem(label: string, base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END ${label}-----\n`;
}

/** A private key from PEM (PKCS#8 or PKCS#1) or bare base64 of either. Throws when unusable. */
export function loadPrivateKey(text: string): KeyObject {
  const value = unescape(text);
  if (value.includes('-----BEGIN')) return createPrivateKey(value);
  try {
    return createPrivateKey(wrapPem('PRIVATE KEY', value));
  } catch {
    return createPrivateKey(wrapPem('RSA PRIVATE KEY', value));
  }
}

/** A public key from PEM (SPKI, PKCS#1 or an X.509 certificate) or bare base64 SPKI. */
export function loadPublicKey(text: string): KeyObject {
  const value = unescape(text);
  if (value.includes('-----BEGIN CERTIFICATE')) return new X509Certificate(value).publicKey;
  if (value.includes('-----BEGIN')) return createPublicKey(value);
  return createPublicKey(wrapPem('PUBLIC KEY', value));
}

/** Base64 SHA256withRSA (PKCS#1 v1.5) signature of the UTF-8 bytes of `message`. */
export function signSha256Rsa(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

/** Whether `signature` (base64) is `key`'s SHA256withRSA signature of `message`. */
export function verifySha256Rsa(key: KeyObject, message: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
