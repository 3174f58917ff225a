// Seals model providers' API keys at rest with AES-256-GCM. The key comes from AI_SECRET_KEY;
// without it one is generated once and kept in DATA_DIR/ai-secret.key (infra/secrets.ts), so a
// copied database alone does not reveal the keys.
import crypto from 'node:crypto';

export interface KeyCipher {
  seal(plain: string): string;
  open(sealed: string): string;
}

const prefix = 'v1:';

export function createKeyCipher(secret: string): KeyCipher {
  const key = crypto.createHash('sha256').update(secret).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(prefix)) throw new Error('unknown sealed key format');
      const raw = Buffer.from(sealed.slice(prefix.length), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
