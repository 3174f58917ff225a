// The caller's system roles as the web reads them, and readiness.
import { AdminMenu, Role, type LoginRoleResponse } from '@library/contract';
import type { Database } from '../../db/database.js';
import { resourcesOf } from '../admin/index.js';
import { listRoles } from '../user/index.js';
import * as repo from './system.repo.js';

/**
 * devicePolicy holds the role names (the default role first), deviceMenu the admin menus the
 * roles were granted (all of them for an administrator).
 */
export async function loginRole(db: Database, userId: number): Promise<LoginRoleResponse> {
  const [roles, resources] = await Promise.all([listRoles(db, userId), resourcesOf(db, userId)]);
  const menus = new Set<string>(AdminMenu);
  return {
    devicePolicy: [Role.default, ...roles.filter((role) => role !== Role.default)],
    deviceMenu: resources.filter((resource) => menus.has(resource)),
  };
}

/** Ready when the database answers. */
export async function checkReady(db: Database) {
  await repo.ping(db);
}
