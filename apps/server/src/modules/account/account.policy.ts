// The one place that decides what an account may do (spec §6 switches) and how much it may keep
// (the quotas). Routes, the AI and the MCP view call these; nothing else reads the settings.
import {
  featureCodes,
  featureNames,
  quotaCodes,
  quotaNames,
  type Feature,
  type FeatureSwitches,
  type QuotaName,
  type Quotas,
} from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import * as repo from './account-limits.repo.js';
import type { AccountSettings } from './account-limits.repo.js';

/**
 * What applies, most particular first: the account's own setting where an administrator made
 * one; else, where roles the account holds set the switch, on when any of them turns it on;
 * else DEFAULT_ROLE's setting; else on.
 */
export function effectiveFeatures(settings: AccountSettings): FeatureSwitches {
  const decide = (name: Feature): boolean => {
    const own = settings.features[name];
    if (own !== undefined) return own;
    const byRoles = settings.roleFeatures
      .map((role) => role[name])
      .filter((value) => value !== undefined);
    if (byRoles.length > 0) return byRoles.includes(true);
    return settings.defaultFeatures[name] ?? true;
  };
  return Object.fromEntries(featureNames.map((name) => [name, decide(name)])) as FeatureSwitches;
}

/**
 * What applies: the base — what an administrator set for this account, else the site's quota —
 * raised by the grants of paid orders in their term: a plan lifts a quota to at least its value,
 * add-ons then add theirs (docs/decisions/quota-grants.md).
 */
export function effectiveQuotas(settings: AccountSettings, site: Quotas): Quotas {
  const grants = settings.grants ?? [];
  const decide = (name: QuotaName): number => {
    let value = settings.quotas[name] ?? site[name];
    for (const grant of grants) {
      const granted = grant.quotas[name];
      if (grant.mode === 'raise' && typeof granted === 'number') value = Math.max(value, granted);
    }
    for (const grant of grants) {
      const granted = grant.quotas[name];
      if (grant.mode === 'add' && typeof granted === 'number') value += granted;
    }
    return Math.min(value, Number.MAX_SAFE_INTEGER);
  };
  return Object.fromEntries(quotaNames.map((name) => [name, decide(name)])) as Quotas;
}

export async function featuresOf(db: Executor, userId: number): Promise<FeatureSwitches> {
  return effectiveFeatures(await repo.findAccountSettings(db, userId));
}

export async function quotasOf(db: Executor, userId: number, site: Quotas): Promise<Quotas> {
  return effectiveQuotas(await repo.findAccountSettings(db, userId), site);
}

/** The refusal for `feature`: 700050 when the whole account is switched off, else its code. */
export function refusalOf(features: FeatureSwitches, feature: Feature): AppError | undefined {
  if (!features.account) return new AppError(featureCodes.account);
  if (!features[feature]) return new AppError(featureCodes[feature]);
  return undefined;
}

/** Throws the switch's 7000xx code unless the account may use every one of `wanted`. */
export async function requireFeature(db: Executor, userId: number, ...wanted: Feature[]) {
  const features = await featuresOf(db, userId);
  for (const feature of wanted) {
    const refusal = refusalOf(features, feature);
    if (refusal) throw refusal;
  }
}

/**
 * For work inside a space: the "create…" switch in the spaces the account owns, the "join…"
 * one in other people's.
 */
export async function requireSpaceFeature(
  db: Executor,
  userId: number,
  space: { ownerId: number },
  own: Feature,
  others: Feature,
) {
  await requireFeature(db, userId, space.ownerId === userId ? own : others);
}

/** Throws the quota's 7001xx code when `used + adding` would pass `limit`. */
export function assertWithinQuota(name: QuotaName, limit: number, used: number, adding = 1) {
  if (used + adding > limit) throw new AppError(quotaCodes[name]);
}
