// What the screenshot scripts share: a headless Debian Chromium, pages with a chosen language
// and theme, saving pictures to <repo>/shots/, and the SMS login through the dialog.
/* global localStorage -- used inside page scripts, which run in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { networkQuiet, trackNetwork } from './network-quiet.mjs';

/** In place of 'networkidle', which a logged-in page never reaches (its inbox stream stays open). */
export { networkQuiet };

export const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
export const smsCode = process.env.SMS_FIXED_CODE ?? '246810';
export const outDir =
  process.env.SHOTS_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shots');

export const desktop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

fs.mkdirSync(outDir, { recursive: true });

export const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** A fresh browser context with the given language and theme already chosen. */
export async function newPage({
  locale = 'zh_CN',
  theme = 'light',
  viewport = desktop,
  storage,
} = {}) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    storageState: storage,
  });
  await context.addInitScript(
    ([chosenLocale, chosenTheme]) => {
      localStorage.setItem('locale', chosenLocale);
      localStorage.setItem('active-theme-name', chosenTheme);
    },
    [locale, theme],
  );
  const page = await context.newPage();
  trackNetwork(page);
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[console] ${message.text()}`);
  });
  return { context, page };
}

export async function shoot(page, name) {
  await page.waitForTimeout(500); // let dialogs and toasts finish animating
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  process.stdout.write(`saved ${file}\n`);
}

export function randomPhone() {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The logged-in user's token, from the page's storage. */
export async function token(page) {
  return page.evaluate(() => localStorage.getItem('token'));
}

/** Calls the API as the page's logged-in user; answers `data`. */
export async function call(page, method, url, body) {
  const response = await page.request.fetch(`${baseUrl}/api${url}`, {
    method,
    // no JSON content type without a body: the server refuses an empty JSON body
    headers: {
      Authorization: `Bearer ${await token(page)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 0) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

/** Logs in through the SMS form of the login dialog (SMS_FIXED_CODE) and waits for /home. */
export async function logInBySms(page, mobile = randomPhone()) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByRole('button', { name: /倒计时/ }).waitFor();
  await dialog.getByRole('textbox', { name: '验证码' }).fill(smsCode);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录 / 注册' }).click();
  await page.waitForURL('**/home');
}
