// Who reads the audit log: the system administrators (the ADMIN role) alone. It is not one of the
// resources an administrator can grant another role: those holders' own acts are what it records.
// (Role.admin is read here rather than through system's isSystemAdmin: the system module will
// record backups through this one, and modules never depend on each other in a loop.)
import { Role } from '@library/contract';

export function canReadAudit(roles: readonly string[]): boolean {
  return roles.includes(Role.admin);
}
