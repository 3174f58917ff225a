// Who may use the administration: the ADMIN role holds every resource (menus and API
// permissions); another role holds what an administrator granted it (spec §6).
import { ErrorCode, Role, systemResources, type SystemResource } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { listRoles } from '../user/index.js';
import { resourcesOfUser } from './role.repo.js';

/** The resources a user holds through their roles. */
export async function resourcesOf(db: Executor, userId: number): Promise<SystemResource[]> {
  const roles = await listRoles(db, userId);
  if (roles.includes(Role.admin)) return [...systemResources];
  const granted = new Set(await resourcesOfUser(db, userId));
  return systemResources.filter((resource) => granted.has(resource));
}

/** 403 + 700007 unless the user holds `resource`. */
export async function requireResource(db: Executor, userId: number, resource: SystemResource) {
  if (!(await resourcesOf(db, userId)).includes(resource)) {
    throw new AppError(ErrorCode.permissionCheckFailed);
  }
}
