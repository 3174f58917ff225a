// Spec §8 lists 405 'wrong request method'. Fastify answers 404 for a known path with another
// method, so the routes are recorded as they are added and the not-found handler asks here.
import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

function toPattern(url: string) {
  const source = url
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? '[^/]+'
        : part === '*'
          ? '.*'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export function trackRouteMethods(app: FastifyInstance) {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const known = routes.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set() };
    for (const method of [route.method].flat()) known.methods.add(method);
    routes.set(route.url, known);
  });
  /** The methods a path answers to, or an empty list when no route has this path. */
  return function allowedMethods(path: string): string[] {
    const allowed = new Set<string>();
    for (const route of routes.values()) {
      if (route.pattern.test(path)) route.methods.forEach((method) => allowed.add(method));
    }
    return [...allowed];
  };
}
