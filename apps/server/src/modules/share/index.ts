// The share module's front door: what the app and other modules may use of it.
export { createGrantSigner } from './share.grant.js';
export { registerShareModule } from './share.module.js';
