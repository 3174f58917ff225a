// What an account may do and how much it may keep: the per-account feature switches of spec §6
// (each refused with its 7000xx code, 700050–700066 and 700068) and the quotas (7001xx). Shared by the
// server, which enforces them, and the web, which hides what a switch turns off.
import { ErrorCode, type ErrorCodeValue } from './errors.js';

/**
 * The feature switches. `account` is the master switch: off, every other feature answers 700050.
 * "create…" switches apply in the spaces the user owns, "join…" ones in spaces of others.
 */
export const featureCodes = {
  account: ErrorCode.accountFeatureDisabled,
  createSpace: ErrorCode.noCreateSpace,
  createSpaceGroup: ErrorCode.noCreateSpaceGroup,
  createSpaceFile: ErrorCode.noCreateSpaceFile,
  joinSpace: ErrorCode.noJoinSpace,
  joinSpaceGroup: ErrorCode.noJoinSpaceGroup,
  joinSpaceFile: ErrorCode.noJoinSpaceFile,
  spaceExternalAccess: ErrorCode.noSpaceExternalAccess,
  createTopic: ErrorCode.noCreateTopic,
  joinTopic: ErrorCode.noJoinTopic,
  createExternalLink: ErrorCode.noCreateExternalLink,
  createPage: ErrorCode.noCreatePage,
  uploadFile: ErrorCode.noUploadFile,
  downloadFile: ErrorCode.noDownloadFile,
  previewFile: ErrorCode.noPreviewFile,
  addFriend: ErrorCode.noAddFriend,
  createTeam: ErrorCode.noCreateTeam,
  /** the model actions of the editor's AI (the script conversions need no switch) */
  aiWrite: ErrorCode.noAiWrite,
} as const satisfies Record<string, ErrorCodeValue>;
export type Feature = keyof typeof featureCodes;
export const featureNames = Object.keys(featureCodes) as Feature[];
export type FeatureSwitches = Record<Feature, boolean>;

/** The quotas: counts, or sizes in bytes (the `Bytes` ones); `…PerMonth` ones count uses in a
 * calendar month (UTC). */
export const quotaCodes = {
  spaces: ErrorCode.quotaSpaces,
  spaceBytes: ErrorCode.quotaSpaceSize,
  groupsPerSpace: ErrorCode.quotaGroupsPerSpace,
  friends: ErrorCode.quotaFriends,
  teams: ErrorCode.quotaTeams,
  personalBytes: ErrorCode.quotaPersonalStorage,
  filesPerSpace: ErrorCode.quotaFileCount,
  fileBytes: ErrorCode.quotaSingleFileSize,
  teamMembersPerTeam: ErrorCode.quotaTeamMembersPerTeam,
  teamMembersTotal: ErrorCode.quotaTeamMembersTotal,
  aiWritesPerMonth: ErrorCode.quotaAiWrites,
} as const satisfies Record<string, ErrorCodeValue>;
export type QuotaName = keyof typeof quotaCodes;
export const quotaNames = Object.keys(quotaCodes) as QuotaName[];
export type Quotas = Record<QuotaName, number>;

/** When the limit that is reached is the other party's (a friend's, a team member's). */
export const peerQuotaCodes = {
  friends: ErrorCode.quotaPeerFriends,
  teamMembersPerTeam: ErrorCode.quotaPeerTeamMembersPerTeam,
  teamMembersTotal: ErrorCode.quotaPeerTeamMembersTotal,
} as const satisfies Partial<Record<QuotaName, ErrorCodeValue>>;

const gib = 1024 ** 3;

/**
 * The free plan's limits. A site may change the file ones (FILE_MAX_BYTES, SPACE_MAX_BYTES,
 * USER_MAX_BYTES, SPACE_MAX_FILES), an administrator any of them for one account.
 */
export const defaultQuotas: Quotas = {
  spaces: 50,
  spaceBytes: 20 * gib,
  groupsPerSpace: 50,
  friends: 1000,
  teams: 20,
  personalBytes: 20 * gib,
  filesPerSpace: 100_000,
  fileBytes: 2 * gib,
  teamMembersPerTeam: 500,
  teamMembersTotal: 2000,
  aiWritesPerMonth: 200,
};

/** The quotas whose value is a size in bytes (shown as such). */
export function isByteQuota(name: QuotaName): boolean {
  return name.endsWith('Bytes');
}
