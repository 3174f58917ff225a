// The watch module's front door: what the app may use of it.
export { registerWatchModule } from './watch.module.js';
