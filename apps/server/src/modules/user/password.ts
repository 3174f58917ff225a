// Passwords are hashed with argon2id. Checking an unknown account still costs one verification,
// so response time does not tell which accounts exist.
// argon2 (~11 MB) loads with the first password hashed or checked.
import type * as Argon2 from '@node-rs/argon2';
import { loadWhenNeeded } from '../../lib/load-when-needed.js';

const argon2 = loadWhenNeeded<typeof Argon2>('@node-rs/argon2');

// Algorithm.Argon2id === 2; the const enum is not importable under isolatedModules.
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let decoyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return argon2().hash(password, options);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoyHash ??= hashPassword('decoy-password-1');
    await argon2().verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2().verify(stored, password);
  } catch {
    return false;
  }
}
