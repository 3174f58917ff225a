// The system module's front door: what the app and other modules may use of it.
export { ensureFirstAdmin } from './admin.bootstrap.js';
export { BackupArchiveError } from './backup.archive.js';
export { BackupRefusedError, restoreBackup, takeBackup } from './backup.service.js';
export { isSystemAdmin } from './system.policy.js';
export { registerSystemModule } from './system.module.js';
