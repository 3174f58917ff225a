import { defineConfig } from 'vitest/config';

// One Vitest run covers the contract, the server (node) and the web (happy-dom).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['@library/source'] },
        ssr: { resolve: { conditions: ['@library/source'] } },
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { conditions: ['@library/source'] },
        ssr: { resolve: { conditions: ['@library/source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          // the tests beside the product code; test/resilience/ needs the built server and apt
          // packages: `npm run test:resilience`
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: ['test/global-setup.ts'],
          // Test files share a worker's loaded modules instead of a fresh process each: about half
          // the CPU time (docs/operations.md, "How long the tests take"). Each file still gets
          // its own database and app (test/test-app.ts); module state must never depend on which
          // database it saw first (search.repo.ts keeps its stats per database).
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
