// The access-key module's front door: what the app and other modules may use of it.
export { createAccessKeyCache } from './access-key-cache.js';
export { type McpReader } from './access-key.policy.js';
export {
  mcpReader,
  presentedAccessKey,
  requireInScope,
  resolveAccessKey,
} from './access-key.service.js';
export { registerAccessKeyModule } from './access-key.module.js';
