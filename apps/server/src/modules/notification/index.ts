// The notification module's front door: what the app may use of it.
export { registerNotificationModule } from './notification.module.js';
