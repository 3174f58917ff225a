// The admin module's front door: what the app and other modules may use of it.
export { requireResource, resourcesOf } from './admin.policy.js';
export { resourceHolder } from './resource-holder.js';
export { registerAdminModule } from './admin.module.js';
