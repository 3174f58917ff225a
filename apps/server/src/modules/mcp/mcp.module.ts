// What the MCP module adds to the app: the read-only REST view and the Model Context Protocol endpoint.
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import type { App } from '../../http/route-types.js';
import type { FileDeps } from '../file/index.js';
import type { BlocksCache } from '../page/index.js';
import type { TreeRowsShape } from '../tree/index.js';
import { registerMcpServer } from './mcp-endpoint.js';
import { registerMcpRoutes } from './mcp.routes.js';

export function registerMcpModule(
  app: App,
  deps: { files: FileDeps; treeRows: TreeRowsShape; blocks: BlocksCache; cipher: KeyCipher },
) {
  const { files, treeRows, blocks, cipher } = deps;
  registerMcpRoutes(app, { ...files, treeRows, blocks });
  registerMcpServer(app, { ...files, treeRows, blocks, cipher });
}
