// The user administration: finding users, their state (which logs them out everywhere), roles,
// feature switches and quotas, registration approval, new accounts and password resets. The
// library always keeps an administrator who can log in. Each change is in the audit log, written
// in the change's own transaction.
import {
  ErrorCode,
  Role,
  type AccountState,
  type AdminUser,
  type AdminUserListFilter,
  type AdminUserListResponse,
  type CreateUserRequest,
  type NotificationEvent,
  type Quotas,
  type UserPermissionResponse,
  type UserQuotaResponse,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import * as limits from '../account/index.js';
import { usageOf } from '../account/index.js';
import { notifyPeople } from '../notification/index.js';
import { revokeAllTokens } from '../session/index.js';
import { hashPassword } from '../user/index.js';
import * as users from '../user/index.js';
import { findByEmail, findByMobile, listRoles, updateUser } from '../user/index.js';
import {
  accountState,
  presentAdminUser,
  presentAdminUserList,
  presentUserPermission,
  presentUserQuota,
} from './admin-user.presenter.js';
import * as repo from './admin-user.repo.js';
import { audit, type Actor } from './admin.audit.js';
import { existingRoles } from './role.repo.js';

const notAllowed = (detail: string) => new AppError(ErrorCode.operationNotAllowed, { detail });

export async function listUsers(
  db: Database,
  query: AdminUserListFilter,
): Promise<AdminUserListResponse> {
  const { rows, total, pendingCount } = await repo.listUsers(db, query);
  return presentAdminUserList(rows, { total, pendingCount }, query);
}

export async function getAdminUser(db: Executor, userId: number): Promise<AdminUser> {
  const row = await repo.findListedUser(db, userId);
  if (!row) throw new AppError(ErrorCode.systemUserMissing);
  return presentAdminUser(row.user, row.roles, row.storageBytes);
}

/** The user, or 404 + 700004 (system user missing). */
async function systemUser(db: Executor, userId: number) {
  const user = await users.getUser(db, userId).catch(() => undefined);
  if (!user) throw new AppError(ErrorCode.systemUserMissing);
  return user;
}

/**
 * Refuses (700009) to leave the library without an administrator who can log in: `userId`
 * is about to stop being one.
 */
async function keepAnAdministrator(tx: Executor, userId: number) {
  const admins = await repo.lockActiveHolders(tx, Role.admin);
  if (admins.includes(userId) && admins.length === 1) {
    throw notAllowed('the library keeps at least one administrator who can log in');
  }
}

/**
 * Tells the account's owner what an administrator changed, in the change's transaction. Only an
 * active account hears of it (notifyPeople's wantsToHear): a user disabled, frozen, suspended or
 * cancelled is not told of it — they could not log in to read it — so they are told when enabled
 * again, and of every other change made while their account stays active.
 */
function tellAccount(
  tx: Executor,
  userId: number,
  actorId: number,
  event: NotificationEvent,
  excerpt = '',
) {
  return notifyPeople(tx, [{ userId, type: 'account', event, actorId, title: '', excerpt }]);
}

/**
 * Sets an account's state. Leaving `normal` revokes every token of the account at once (and so
 * its open AI answers): its next request is 401 on every instance.
 */
export async function setState(db: Database, actor: Actor, userId: number, state: AccountState) {
  const actorId = actor.id;
  if (userId === actorId && state !== 'normal')
    throw notAllowed('administrators cannot lock themselves out');
  await db.transaction(async (tx) => {
    const user = await systemUser(tx, userId);
    if (user.status === 'pending') throw notAllowed('approve or reject the registration first');
    if (state !== 'normal') await keepAnAdministrator(tx, userId);
    await users.setStatus(tx, userId, repo.storedStatus(state));
    await audit(tx, actor, 'admin.user.state', userId, {
      before: { state: accountState(user.status) },
      after: { state },
    });
    if (state === 'normal' && user.status !== 'active') {
      await tellAccount(tx, userId, actorId, 'accountEnabled');
    }
  });
  return getAdminUser(db, userId);
}

/** Approves a pending registration (the account can log in) or rejects it (it is removed). */
export async function decideRegistration(
  db: Database,
  actor: Actor,
  userId: number,
  approved: boolean,
) {
  const actorId = actor.id;
  const decided = await db.transaction(async (tx) => {
    const user = await systemUser(tx, userId);
    if (user.status !== 'pending') throw new AppError(ErrorCode.pendingApproval);
    const decision = { before: { state: accountState(user.status) }, after: { approved } };
    if (!approved) {
      await repo.deleteUser(tx, userId);
      await audit(tx, actor, 'admin.user.approval', userId, decision);
      return false;
    }
    await users.setStatus(tx, userId, 'active');
    await audit(tx, actor, 'admin.user.approval', userId, decision);
    await tellAccount(tx, userId, actorId, 'accountApproved');
    return true;
  });
  return decided ? getAdminUser(db, userId) : null;
}

/** Replaces the system roles a user holds; DEFAULT_ROLE is everyone's and is not stored. */
export async function setRoles(db: Database, actor: Actor, userId: number, wanted: string[]) {
  const actorId = actor.id;
  const roles = [...new Set(wanted.filter((role) => role !== Role.default))];
  await withKnownRoles(() =>
    db.transaction(async (tx) => {
      await systemUser(tx, userId);
      const known = await existingRoles(tx, roles);
      const unknown = roles.find((role) => !known.includes(role));
      if (unknown) throw new AppError(ErrorCode.systemRoleMissing, { detail: unknown });
      const before = await listRoles(tx, userId);
      if (before.includes(Role.admin) && !roles.includes(Role.admin)) {
        if (userId === actorId) throw notAllowed('administrators cannot demote themselves');
        await keepAnAdministrator(tx, userId);
      }
      await repo.replaceRoles(tx, userId, roles);
      await audit(tx, actor, 'admin.user.role', userId, {
        before: { roles: before.filter((role) => role !== Role.default).sort() },
        after: { roles: [...roles].sort() },
      });
      const sorted = (names: string[]) => [...names].sort().join(', ');
      if (sorted(before.filter((role) => role !== Role.default)) !== sorted(roles)) {
        await tellAccount(tx, userId, actorId, 'accountRoles', sorted(roles));
      }
    }),
  );
  return getAdminUser(db, userId);
}

/** A role deleted while it was being given answers as missing (700001). */
async function withKnownRoles<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(ErrorCode.systemRoleMissing);
    throw error;
  }
}

export async function userPermission(
  db: Executor,
  userId: number,
): Promise<UserPermissionResponse> {
  await systemUser(db, userId);
  const settings = await limits.findAccountSettings(db, userId);
  return presentUserPermission(settings);
}

export async function setUserPermission(
  db: Database,
  actor: Actor,
  userId: number,
  overrides: Record<string, boolean | null | undefined>,
) {
  await systemUser(db, userId);
  await saveAndTell(db, actor, userId, 'features', definedOnly(overrides));
  return userPermission(db, userId);
}

/** Saves the account's own switches or quotas; the owner is told when that changed them. */
async function saveAndTell(
  db: Database,
  actor: Actor,
  userId: number,
  kind: 'features' | 'quotas',
  changes: Record<string, unknown>,
) {
  await db.transaction(async (tx) => {
    const own = async () => (await limits.findAccountSettings(tx, userId))[kind];
    const before = await own();
    await limits.saveAccountSettings(tx, userId, kind, changes);
    const after = await own();
    await audit(
      tx,
      actor,
      kind === 'features' ? 'admin.user.features' : 'admin.user.quota',
      userId,
      {
        before,
        after,
      },
    );
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await tellAccount(
        tx,
        userId,
        actor.id,
        kind === 'features' ? 'accountPermission' : 'accountQuota',
      );
    }
  });
}

export async function userQuota(
  db: Executor,
  userId: number,
  site: Quotas,
): Promise<UserQuotaResponse> {
  await systemUser(db, userId);
  const settings = await limits.findAccountSettings(db, userId);
  return presentUserQuota(settings, site, await usageOf(db, userId));
}

export async function setUserQuota(
  db: Database,
  actor: Actor,
  userId: number,
  overrides: Record<string, number | null | undefined>,
  site: Quotas,
) {
  await systemUser(db, userId);
  await saveAndTell(db, actor, userId, 'quotas', definedOnly(overrides));
  return userQuota(db, userId, site);
}

function definedOnly<Value>(changes: Record<string, Value | undefined>): Record<string, Value> {
  return Object.fromEntries(
    Object.entries(changes).filter((entry): entry is [string, Value] => entry[1] !== undefined),
  );
}

/** Sets a new password for a user; every device of theirs is logged out. */
export async function resetPassword(db: Database, actor: Actor, userId: number, password: string) {
  await systemUser(db, userId);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await revokeAllTokens(tx, userId, new Date());
    // what the password is, or was, never reaches the log
    await audit(tx, actor, 'admin.user.password', userId);
    await tellAccount(tx, userId, actor.id, 'accountPassword');
  });
}

/** An account made by an administrator: it can log in at once with the given password. */
export async function createAccount(db: Database, actor: Actor, input: CreateUserRequest) {
  const roles = [...new Set((input.roles ?? []).filter((role) => role !== Role.default))];
  try {
    const id = await withKnownRoles(() =>
      db.transaction(async (tx) => {
        if (input.mobile && (await findByMobile(tx, input.mobile))) {
          throw new AppError(ErrorCode.mobileInUse);
        }
        if (input.email && (await findByEmail(tx, input.email))) {
          throw new AppError(ErrorCode.emailInUse);
        }
        const known = await existingRoles(tx, roles);
        const unknown = roles.find((role) => !known.includes(role));
        if (unknown) throw new AppError(ErrorCode.systemRoleMissing, { detail: unknown });
        const user = await users.createUser(tx, {
          nickname: input.nickname,
          mobile: input.mobile,
          email: input.email,
          password: input.password,
        });
        await repo.replaceRoles(tx, user.id, roles);
        await audit(tx, actor, 'admin.user.create', user.id, {
          after: {
            nickname: user.nickname,
            mobile: user.mobile,
            email: user.email,
            roles: [...roles].sort(),
          },
        });
        return user.id;
      }),
    );
    return getAdminUser(db, id);
  } catch (error) {
    // the same phone or address created twice at once: the unique index decides
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.duplicate);
    throw error;
  }
}
