// Passwords are hashed with argon2id. Checking an unknown account still costs one verification,
// so response time does not tell which accounts exist.
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id === 2; the const enum is not importable under isolatedModules.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoyHash ??= hashPassword('decoy-password-1');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
