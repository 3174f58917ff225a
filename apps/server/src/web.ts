// Serves the built web app: hashed assets cached for a year, index.html never cached, and the
// SPA fallback for every non-API GET that accepts HTML.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './http/route-types.js';

export async function registerWeb(app: App, webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built web app at ${webDir}; run "npm run build" to serve it.`);
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', { config: { auth: 'none' }, schema: { hide: true } }, (_request, reply) =>
    sendIndex(reply),
  );

  function sendIndex(reply: FastifyReply) {
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  }
  /** true when this request should get index.html instead of a 404 */
  return function serveSpa(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !path.extname(url) &&
      (request.headers.accept ?? '').includes('text/html');
    return wantsPage ? sendIndex(reply) : undefined;
  };
}
