// The inbox's public entry: the header's bell and the live stream the app shell holds. Both are on
// every logged-in first load, so nothing else is exported from here (a module this file names
// loads with the shell); the inbox's drawer loads with the bell's first use, and its phone screen
// (/notifications) is a route, loaded by the app's route table.
export { NotificationBell } from './components/NotificationBell';
export { useNotificationStream } from './hooks/use-notification-stream';
