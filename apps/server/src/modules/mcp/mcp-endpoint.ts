// The routes of the MCP server at `/api/mcp` (mcp-server.ts): a POST carries one
// JSON-RPC exchange; GET and DELETE answer 405, as a stateless server opens no stream and keeps
// no session. The server and the SDK load with the first MCP request — most instances never get
// one, and the SDK is tens of MB.
import type { App } from '../../http/route-types.js';
import type { McpServerDeps } from './mcp-server.js';

export function registerMcpServer(app: App, deps: McpServerDeps) {
  const config = { auth: 'accessKey' } as const;

  app.post(
    '/api/mcp',
    { config, schema: { tags: ['mcp'], hide: true } },
    async (request, reply) => {
      const { serveMcp } = await import('./mcp-server.js');
      return serveMcp(deps, app, request, reply);
    },
  );

  // stateless: no server-sent stream to open and no session to end
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/mcp',
      config,
      schema: { tags: ['mcp'], hide: true },
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Method not allowed.' },
            id: null,
          }),
    });
  }
}
