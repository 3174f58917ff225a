// The addrbook module's front door: what the app and other modules may use of it.
export { findFriend } from './friend.repo.js';
export { addByInviteCode } from './friend.service.js';
export { destroyTeamItem, restoreTeamItem, teamsOfItems } from './team.recycle.js';
export { findTeam, inTree, rolesIn } from './team.repo.js';
export { managesTeam } from './team.policy.js';
export { registerAddrbookModule } from './addrbook.module.js';
