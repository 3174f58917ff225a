// The collaboration module's front door: what the app may use of it.
export { registerCollabModule } from './collab.module.js';
