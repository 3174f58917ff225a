// The notification module's front door: what the app and other modules may use of it.
export { registerNotificationModule } from './notification.module.js';
export { unreadMentions } from './notification.service.js';
