import crypto from 'node:crypto';
import { test as base } from '@playwright/test';

/** The server address comes from global-setup.ts, which runs after the config is read. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect } from '@playwright/test';

/** A phone number no other test has used, so SMS login registers a new user. */
export function newMobile() {
  return `139${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
