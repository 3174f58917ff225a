import { defineConfig } from 'vitest/config';

// The resilience tests (test/resilience/): the built server as child processes, with PostgreSQL,
// Redis and HAProxy started by the tests. `npm run test:resilience` builds the server first. One
// file at a time: each loads the machine on its own, and they measure under that load.
export default defineConfig({
  resolve: { conditions: ['@library/source'] },
  ssr: { resolve: { conditions: ['@library/source'] } },
  test: {
    name: 'resilience',
    root: import.meta.dirname,
    include: ['test/resilience/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
