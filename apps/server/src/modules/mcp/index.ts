// The mcp module's front door: what the app and other modules may use of it.
export { registerMcpModule } from './mcp.module.js';
