// The history module's front door: what the app and other modules may use of it.
export { registerHistoryModule } from './history.module.js';
export { changedSinceVisit, listHistory } from './history.service.js';
