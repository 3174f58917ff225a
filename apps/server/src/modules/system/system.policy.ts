// Who administers the library as a whole: the holders of the ADMIN role. They configure what
// only administrators configure, such as the AI's model providers (ai.policy.ts); the admin
// menus and calls other roles may be granted are admin/admin.policy.ts's.
import { Role } from '@library/contract';

export function isSystemAdmin(roles: readonly string[]): boolean {
  return roles.includes(Role.admin);
}
