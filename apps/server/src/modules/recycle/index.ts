// The recycle module's front door: what the app and other modules may use of it.
export { scheduleRecyclePurge } from './recycle.schedule.js';
export { registerRecycleModule } from './recycle.module.js';
