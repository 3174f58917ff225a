#!/usr/bin/env node
// Screenshots of the web shell against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here) so the SMS login works, and with
// ADMIN_ACCOUNT / ADMIN_PASSWORD for the administrator shots. Pictures go to <repo>/shots/.
import { baseUrl, phone, browser, newPage, shoot, logInBySms } from './screenshot-kit.mjs';

const adminAccount = process.env.ADMIN_ACCOUNT ?? 'admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin12345';

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
