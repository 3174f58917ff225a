// The user module's front door: what the app and other modules may use of it.
export { imageResponse, imageUpload, sendImage } from './avatar.http.js';
export { type AvatarStore, createAvatarStore } from './avatar.store.js';
export { hashPassword, verifyPassword } from './password.js';
export { avatarPath, presentUser } from './user.presenter.js';
export {
  countUsers,
  findByEmail,
  findByInviteCode,
  findByMobile,
  grantRole,
  listRoles,
  recordLocale,
  updateUser,
} from './user.repo.js';
export { assertCanLogIn, createUser, findByAccount, getUser, setStatus } from './user.service.js';
export { registerUserModule } from './user.module.js';
