// The caller's system roles as the web reads them, and readiness.
import type { LoginRoleResponse } from '@library/contract';
import type { Database } from '../../db/database.js';
import { resourcesOf } from '../admin/index.js';
import { listRoles } from '../user/index.js';
import { presentLoginRole } from './system.presenter.js';
import * as repo from './system.repo.js';

/** The caller's roles and the admin menus they were granted (system.presenter.ts shapes them). */
export async function loginRole(db: Database, userId: number): Promise<LoginRoleResponse> {
  const [roles, resources] = await Promise.all([listRoles(db, userId), resourcesOf(db, userId)]);
  return presentLoginRole(roles, resources);
}

/** Ready when the database answers. */
export async function checkReady(db: Database) {
  await repo.ping(db);
}
