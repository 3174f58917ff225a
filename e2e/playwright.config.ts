import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (never a downloaded browser) against the real built
// server, started by global-setup.ts on an ephemeral port with a fresh data directory.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // two: the header menus that load on demand (language, user) lose a press now and then under
  // load — about one run in four of login.spec locally; to be fixed, see the session note
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
