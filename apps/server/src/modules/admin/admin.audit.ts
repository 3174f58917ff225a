// The administration's acts in the audit log: who, from where, and what changed.
import type { Executor } from '../../db/database.js';
import { recordAudit } from '../audit/index.js';

/** Who makes a change: the administrator, and the address their request came from. */
export interface Actor {
  id: number;
  address: string | null;
}

/** The change's row in the audit log, in its transaction; `target` is a user's id or a role. */
export function audit(
  tx: Executor,
  actor: Actor,
  action: `admin.user.${string}` | `admin.role.${string}`,
  target: number | string,
  change: { before?: unknown; after?: unknown } = {},
) {
  const [targetType, targetId] = action.startsWith('admin.role.')
    ? ['role', String(target)]
    : ['user', String(target)];
  return recordAudit(tx, {
    actorId: actor.id,
    action,
    targetType,
    targetId,
    before: change.before,
    after: change.after,
    address: actor.address,
  });
}
