// The caller's system roles as the web reads them, and readiness.
import { Role, type LoginRoleResponse } from '@library/contract';
import type { Database } from '../../db/database.js';
import { listRoles } from '../user/user.repo.js';
import { adminMenusOf } from './system.policy.js';
import * as repo from './system.repo.js';

/** devicePolicy holds the role names (the default role first), deviceMenu the admin menus. */
export async function loginRole(db: Database, userId: number): Promise<LoginRoleResponse> {
  const roles = await listRoles(db, userId);
  return {
    devicePolicy: [Role.default, ...roles.filter((role) => role !== Role.default)],
    deviceMenu: adminMenusOf(roles),
  };
}

/** Ready when the database answers. */
export async function checkReady(db: Database) {
  await repo.ping(db);
}
