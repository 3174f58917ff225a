// Queries of system roles: their resources, switches and holders.
import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { roleResources, systemRoles, userRoles } from '../../db/schema/index.js';

export type RoleRow = typeof systemRoles.$inferSelect;

export async function listRoles(db: Executor) {
  const [roles, resources, holders] = await Promise.all([
    db.select().from(systemRoles).orderBy(systemRoles.createdAt, systemRoles.name),
    db.select().from(roleResources),
    db.select({ role: userRoles.role, users: count() }).from(userRoles).groupBy(userRoles.role),
  ]);
  return roles.map((role) => ({
    role,
    resources: resources.filter((row) => row.role === role.name).map((row) => row.resource),
    userCount: holders.find((row) => row.role === role.name)?.users ?? 0,
  }));
}

export async function findRole(db: Executor, name: string) {
  const [row] = await db.select().from(systemRoles).where(eq(systemRoles.name, name)).limit(1);
  return row;
}

/** The roles of `names` that exist. */
export async function existingRoles(db: Executor, names: string[]) {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: systemRoles.name })
    .from(systemRoles)
    .where(inArray(systemRoles.name, names));
  return rows.map((row) => row.name);
}

export async function insertRole(db: Executor, role: { name: string; title: string }) {
  await db.insert(systemRoles).values(role);
}

export async function updateRole(
  db: Executor,
  name: string,
  changes: Partial<Pick<RoleRow, 'name' | 'title' | 'features'>>,
) {
  await db.update(systemRoles).set(changes).where(eq(systemRoles.name, name));
}

export async function replaceResources(db: Executor, role: string, resources: string[]) {
  await db.delete(roleResources).where(eq(roleResources.role, role));
  if (resources.length > 0) {
    await db.insert(roleResources).values(resources.map((resource) => ({ role, resource })));
  }
}

export async function countHolders(db: Executor, role: string) {
  const [row] = await db.select({ value: count() }).from(userRoles).where(eq(userRoles.role, role));
  return row?.value ?? 0;
}

export async function deleteRole(db: Executor, name: string) {
  await db.delete(systemRoles).where(eq(systemRoles.name, name));
}

/** The resources granted to any of a user's roles. */
export async function resourcesOfUser(db: Executor, userId: number) {
  const rows = await db
    .selectDistinct({ resource: roleResources.resource })
    .from(roleResources)
    .innerJoin(userRoles, eq(userRoles.role, roleResources.role))
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.resource);
}
