// What an account may do and how much of its quotas it uses, as the account itself sees it
// (the web hides what a switch turns off and shows usage bars in account settings).
import type { MyPermissionResponse, MyQuotaResponse, QuotaUsage, Quotas } from '@library/contract';
import type { Executor } from '../../db/database.js';
import * as repo from './account-limits.repo.js';
import { featuresOf, quotasOf } from './account.policy.js';

/** The account-wide quotas' usage. */
export async function usageOf(db: Executor, userId: number): Promise<QuotaUsage> {
  const [spaces, personalBytes, friends, teams] = await Promise.all([
    repo.countOwnedSpaces(db, userId),
    repo.personalBytes(db, userId),
    repo.countFriends(db, userId),
    repo.countOwnedTeams(db, userId),
  ]);
  return { spaces, personalBytes, friends, teams };
}

export async function myPermission(db: Executor, userId: number): Promise<MyPermissionResponse> {
  return { features: await featuresOf(db, userId) };
}

export async function myQuota(
  db: Executor,
  userId: number,
  site: Quotas,
): Promise<MyQuotaResponse> {
  const [limits, usage] = await Promise.all([quotasOf(db, userId, site), usageOf(db, userId)]);
  return { limits, usage };
}
