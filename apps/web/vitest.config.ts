import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['@library/source'] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Whole flows through lazily loaded screens and dialogs; slow when the machine is busy.
    testTimeout: 20_000,
  },
});
