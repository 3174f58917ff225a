#!/usr/bin/env node
// Screenshots of the web shell against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here) so the SMS login works, and with
// ADMIN_ACCOUNT / ADMIN_PASSWORD for the administrator shots. Pictures go to <repo>/shots/.
/* global localStorage -- used inside page scripts, which run in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const smsCode = process.env.SMS_FIXED_CODE ?? '246810';
const adminAccount = process.env.ADMIN_ACCOUNT ?? 'admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const outDir =
  process.env.SHOTS_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shots');

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
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
async function newPage({ locale = 'zh_CN', theme = 'light', viewport = desktop, storage } = {}) {
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
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[console] ${message.text()}`);
  });
  return { context, page };
}

async function shoot(page, name) {
  await page.waitForTimeout(400); // let dialogs and toasts finish animating
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  process.stdout.write(`saved ${file}\n`);
}

function randomPhone() {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Logs in through the SMS form of the login dialog; answers the storage state. */
async function logInBySms(page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '手机号' }).fill(randomPhone());
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByRole('button', { name: /倒计时/ }).waitFor();
  await dialog.getByRole('textbox', { name: '验证码' }).fill(smsCode);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录 / 注册' }).click();
  await page.getByRole('heading', { name: '欢迎来到公共图书馆' }).waitFor();
  await page.waitForURL('**/home');
}

try {
  // Visitor pages and the login dialog in two languages.
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/home`);
    await page.getByRole('heading', { name: '欢迎来到公共图书馆' }).waitFor();
    await shoot(page, 'welcome-zh_CN');
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'login-zh_CN');
    await page.getByRole('dialog').getByRole('tab', { name: '密码登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '登录' }).click();
    await page.getByText('账号不能为空').waitFor();
    await shoot(page, 'login-password-errors-zh_CN');
    await context.close();
  }
  {
    const { context, page } = await newPage({ locale: 'en_US' });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'login-en_US');
    await context.close();
  }
  {
    const { context, page } = await newPage({ locale: 'zh_TW' });
    await page.goto(`${baseUrl}/register?c=DEMO`);
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'login-zh_TW');
    await context.close();
  }

  // A new user by SMS: home (light, dark), account settings, a placeholder, mobile.
  let storage;
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await logInBySms(page);
    await page.waitForTimeout(3200); // the "welcome" toast fades
    await shoot(page, 'home-light');

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('账号设置').click();
    await page.getByRole('dialog').getByText('用户 ID').waitFor();
    await shoot(page, 'account-settings');
    await page.getByRole('dialog').getByRole('tab', { name: '账号安全' }).click();
    await shoot(page, 'account-security');
    await page.getByRole('dialog').getByRole('tab', { name: '登录设备' }).click();
    await page.getByRole('dialog').getByText('当前设备').waitFor();
    await shoot(page, 'account-devices');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/notes`);
    await page.locator('.coming-soon').waitFor();
    await shoot(page, 'placeholder-notes');
    storage = await context.storageState();
    await context.close();
  }
  {
    const { context, page } = await newPage({ theme: 'dark', storage });
    await page.goto(`${baseUrl}/home`);
    await page.getByRole('heading', { name: '欢迎来到公共图书馆' }).waitFor();
    await shoot(page, 'home-dark');
    await context.close();
  }
  {
    const { context, page } = await newPage({ viewport: phone, storage });
    await page.goto(`${baseUrl}/home`);
    await page.getByRole('heading', { name: '欢迎来到公共图书馆' }).waitFor();
    await shoot(page, 'mobile-home');
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.locator('.mobile-menu').waitFor();
    await shoot(page, 'mobile-menu');
    await context.close();
  }
  {
    const { context, page } = await newPage({ viewport: phone });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'mobile-login');
    await context.close();
  }

  // The administrator sees system administration.
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/sys-manage`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByRole('textbox', { name: '账号' }).fill(adminAccount);
    await dialog.getByLabel('密码', { exact: true }).fill(adminPassword);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/sys/users');
    await page.locator('.coming-soon').waitFor();
    await page.waitForTimeout(3200);
    await shoot(page, 'admin-sys-users');
    await context.close();
  }
} finally {
  await browser.close();
}
