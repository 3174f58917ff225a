// An access key as the API answers it: never its token or hash, only the first characters.
import type { AccessKey } from '@library/contract';
import type { listKeys } from './access-key.repo.js';

export function presentAccessKey(row: Awaited<ReturnType<typeof listKeys>>[number]): AccessKey {
  return {
    keyId: row.key.id,
    name: row.key.name,
    hint: row.key.hint,
    spaces: row.spaces,
    createdAt: row.key.createdAt.toISOString(),
    lastUsedAt: row.key.lastUsedAt?.toISOString() ?? null,
  };
}
