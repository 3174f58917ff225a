// The notification module's front door: what the app and other modules may use of it.
export { createUnsubscribeSigner } from './notification.mail.js';
export { invitePath, orderPath } from './notification.links.js';
export { notifyPeople, unreadMentions, type Notice } from './notification.service.js';
export { registerNotificationModule } from './notification.module.js';
