// System roles: ADMIN and DEFAULT_ROLE are built in; administrators add roles, grant them admin
// menus and API permissions (resources) and set the feature switches their holders get. Each
// change is in the audit log, written in the change's transaction.
import {
  ErrorCode,
  Role,
  systemResources,
  type SystemRole,
  type UpdateRoleRequest,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import { audit, type Actor } from './admin.audit.js';
import { presentResources, presentRole } from './role.presenter.js';
import * as repo from './role.repo.js';

const notAllowed = (detail: string) => new AppError(ErrorCode.operationNotAllowed, { detail });
const duplicateName = () => new AppError(ErrorCode.resourceOrRoleNameDuplicate);

export async function listRoles(db: Database): Promise<SystemRole[]> {
  return (await repo.listRoles(db)).map(presentRole);
}

async function existingRole(db: Database, name: string) {
  const role = await repo.findRole(db, name);
  if (!role) throw new AppError(ErrorCode.systemRoleMissing);
  return role;
}

export async function createRole(
  db: Database,
  actor: Actor,
  input: { name: string; title: string },
) {
  if (await repo.findRole(db, input.name)) throw duplicateName();
  try {
    await db.transaction(async (tx) => {
      await repo.insertRole(tx, input);
      await audit(tx, actor, 'admin.role.create', input.name, {
        after: { name: input.name, title: input.title },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
  return roleNamed(db, input.name);
}

async function roleNamed(db: Executor, name: string) {
  const found = (await repo.listRoles(db)).find((entry) => entry.role.name === name);
  if (!found) throw new AppError(ErrorCode.systemRoleMissing);
  return presentRole(found);
}

/** Checks the resources a role is granted: known ones (700002), none for everyone (700011). */
function checkResources(roleName: string, resources: string[]) {
  const known = new Set<string>(systemResources);
  const unknown = resources.find((resource) => !known.has(resource));
  if (unknown) throw new AppError(ErrorCode.resourceMissing, { detail: unknown });
  if (roleName === Role.default && resources.length > 0) {
    // DEFAULT_ROLE is everyone's: granting it the administration would give it to every user
    throw new AppError(ErrorCode.resourceOutOfRange, { detail: Role.default });
  }
  if (roleName === Role.admin) throw notAllowed('ADMIN holds every resource');
}

export async function updateRole(
  db: Database,
  actor: Actor,
  name: string,
  changes: UpdateRoleRequest,
) {
  const role = await existingRole(db, name);
  const renamed = changes.name !== undefined && changes.name !== role.name;
  if (renamed && role.builtin) throw notAllowed('built-in roles keep their names');
  if (changes.resources) checkResources(role.name, changes.resources);
  const features = { ...role.features };
  for (const [feature, value] of Object.entries(changes.features ?? {})) {
    if (value === null || value === undefined) delete features[feature];
    else features[feature] = value;
  }
  try {
    await db.transaction(async (tx) => {
      const before = await roleNamed(tx, role.name);
      if (changes.resources) {
        await repo.replaceResources(tx, role.name, [...new Set(changes.resources)]);
      }
      // renamed last: the holders' and resources' rows follow the name (on update cascade)
      await repo.updateRole(tx, role.name, {
        features,
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(renamed ? { name: changes.name } : {}),
      });
      await audit(tx, actor, 'admin.role.update', role.name, {
        before,
        after: await roleNamed(tx, renamed ? changes.name! : role.name),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
  return roleNamed(db, renamed ? changes.name! : role.name);
}

export async function deleteRole(db: Database, actor: Actor, name: string) {
  const role = await existingRole(db, name);
  if (role.builtin) throw notAllowed('built-in roles cannot be deleted');
  try {
    await db.transaction(async (tx) => {
      if ((await repo.countHolders(tx, name)) > 0) throw notAllowed('the role is held by users');
      const before = await roleNamed(tx, name);
      await repo.deleteRole(tx, name);
      await audit(tx, actor, 'admin.role.delete', name, { before });
    });
  } catch (error) {
    // given to someone while it was being deleted
    if (isForeignKeyViolation(error)) throw notAllowed('the role is held by users');
    throw error;
  }
}

/** Every resource administrators may grant. */
export function listResources() {
  return presentResources();
}
