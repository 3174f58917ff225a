// The space module's front door: what the app and other modules may use of it.
export { type AccessCache, createAccessCache } from './access-cache.js';
export {
  type NodeRow,
  accessNode,
  accessPage,
  accessSpace,
  usersReachingPage,
} from './space-access.js';
export { spaceIconKey } from './space-icon.js';
export { peopleAmong } from './member.repo.js';
export { roleInSpace, rolesInSpaces } from './space-roles.js';
export { type SpaceAction, can, mayShare, shareSwitchDecides } from './space.policy.js';
export { editorsMayShare, setEditorsMayShare } from './space.repo.js';
export { getSpace, listReadableSpaces, visitorPrecheck } from './space.service.js';
export {
  type Audience,
  atMostReaders,
  audienceOf,
  fileInPageSql,
  fileShown,
  filterReadable,
  hiddenFromVisitors,
  nodeShown,
  pageShown,
  passageHiddenSql,
  passageJoinsSql,
  shownFilesSql,
  shownNodesSql,
  shownPagesSql,
  versionShown,
} from './visibility.js';
export { registerSpaceModule } from './space.module.js';
