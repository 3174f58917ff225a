import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { smsCode } from './constants';

/** The login dialog, whichever language the page is in. */
export function loginDialog(page: Page) {
  return page.getByRole('dialog').filter({ has: page.locator('#login-dialog-title') });
}

/** Logs in through the dialog's SMS mode with the fixed test code (registers a new phone). */
export async function loginBySms(page: Page, mobile: string) {
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByPlaceholder('请输入手机号').fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /倒计时 \d+/ })).toBeVisible();
  await dialog.getByPlaceholder('请输入验证码').fill(smsCode);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(dialog).toBeHidden();
}

export async function loginByPassword(page: Page, account: string, password: string) {
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByPlaceholder('手机号 / 邮箱 / 用户 ID').fill(account);
  await dialog.getByPlaceholder('请输入密码').fill(password);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export async function logOut(page: Page, menuLabel = '用户菜单', logoutLabel = '退出登录') {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: logoutLabel }).click();
}
