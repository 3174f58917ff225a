// The account module's front door: what the app and other modules may use of it.
export {
  countFriends,
  countOwnedSpaces,
  countOwnedTeams,
  findAccountSettings,
  lockAccount,
  saveAccountSettings,
  type AccountSettings,
} from './account-limits.repo.js';
export {
  assertWithinQuota,
  effectiveFeatures,
  effectiveQuotas,
  featuresOf,
  quotasOf,
  refusalOf,
  requireFeature,
  requireSpaceFeature,
} from './account.policy.js';
export { usageOf } from './account.service.js';
export { registerAccountModule } from './account.module.js';
