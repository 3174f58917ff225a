import { and, count, eq, sql } from 'drizzle-orm';
import type { Locale } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { userRoles, users, type UserRow } from '../../db/schema/index.js';

export type NewUser = typeof users.$inferInsert;

export async function findById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findByMobile(db: Executor, mobile: string) {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export async function findByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findByInviteCode(db: Executor, inviteCode: string) {
  const [row] = await db.select().from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
  return row;
}

export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUser(db: Executor, id: number, changes: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Remembers the language the person uses (mail is written in it); no write when unchanged. */
export async function recordLocale(db: Executor, id: number, locale: Locale) {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, id), sql`${users.locale} is distinct from ${locale}`));
}

/** The user's avatar key, holding the row until the transaction ends (one replacement at a time). */
export async function lockAvatarKey(db: Executor, id: number) {
  const [row] = await db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

export async function listRoles(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

export async function grantRole(db: Executor, userId: number, role: string) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}
