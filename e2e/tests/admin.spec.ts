import type { Browser, Page } from '@playwright/test';
import { adminAccount, adminPassword } from './support/constants';
import { expect, newMobile, test } from './support/fixtures';
import { loginByPassword, loginBySms, loginDialog } from './support/login';
import { chooseMenuItem } from './support/menu';

// The administration: an administrator finds a user in /sys/users and suspends them —
// the user's open tab is logged out on its next request — then restores them; and switches
// 'create space' off for a user, who then sees no way to create a space and whose call is refused
// with 700051.

// Two browsers, several logins and a reload each: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await loginByPassword(page, adminAccount, adminPassword);
  return page;
}

async function newUserPage(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await loginBySms(page, mobile);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

/** The user's row in /sys/users, found through the search box. */
async function findUser(admin: Page, mobile: string) {
  // the administrators' entry in the sidebar leads to /sys/users
  await admin.getByRole('navigation').getByRole('menuitem', { name: '系统管理' }).click();
  await expect(admin).toHaveURL(/\/sys\/users$/);
  await expect(admin.getByLabel('搜索账号、昵称或手机号')).toBeVisible({ timeout: 20_000 });
  await admin.getByLabel('搜索账号、昵称或手机号').fill(mobile);
  await admin.getByLabel('搜索账号、昵称或手机号').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: mobile });
  await expect(row).toHaveCount(1);
  await expect(admin.getByText('共 1 个用户')).toBeVisible();
  return row;
}

async function changeState(admin: Page, mobile: string, action: string) {
  const row = admin.getByRole('row').filter({ hasText: mobile });
  await row.getByRole('button', { name: /更改状态/ }).click();
  await chooseMenuItem(admin, action);
  const confirm = admin.getByRole('dialog').filter({ hasText: '的账号？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: action }).click();
  await expect(confirm).toBeHidden();
}

test('a suspended user is logged out in their open tab and can log in again once restored', async ({
  browser,
}) => {
  const mobile = newMobile();
  const user = await newUserPage(browser, mobile);
  const admin = await adminPage(browser);

  const row = await findUser(admin, mobile);
  await expect(row.getByText('正常')).toBeVisible();
  // a password first, so that the user can log in again without waiting for a new SMS code
  await row.getByRole('button', { name: /^更多：/ }).click();
  await chooseMenuItem(admin, '重置密码');
  const reset = admin.getByRole('dialog').filter({ hasText: '重置密码：' });
  await reset.getByLabel('新密码').fill('Again12345');
  await reset.getByRole('button', { name: '重置密码' }).click();
  await expect(reset).toBeHidden();
  await expect(admin.getByText('密码已重置')).toBeVisible();
  // (the reset ended the user's session: log them in again, as they would)
  await user.reload();
  await loginByPassword(user, mobile, 'Again12345');

  await changeState(admin, mobile, '暂停');
  await expect(row.getByText('已暂停')).toBeVisible();

  // The user's tab learns it at once, without a request of its own (its live inbox stream ends
  // with the revoked login): logged out, the login dialog asks again.
  await expect(loginDialog(user)).toBeVisible();
  expect(await user.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await changeState(admin, mobile, '恢复正常');
  await expect(row.getByText('正常')).toBeVisible();

  await loginByPassword(user, mobile, 'Again12345');
  await expect(user.locator('.app-shell')).toBeVisible();
  expect(await user.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('with "create space" switched off a user sees no create-space button and is refused', async ({
  browser,
}) => {
  const mobile = newMobile();
  const user = await newUserPage(browser, mobile);
  // before: the sidebar offers to create a space
  await expect(user.getByRole('button', { name: '新建空间' }).first()).toBeVisible();

  const admin = await adminPage(browser);
  const row = await findUser(admin, mobile);
  await row.getByRole('button', { name: /^更多：/ }).click();
  await chooseMenuItem(admin, '功能开关');
  const switches = admin.getByRole('dialog').filter({ hasText: '功能开关：' });
  const createSpace = switches.getByRole('switch', { name: '创建空间', exact: true });
  await expect(createSpace).toBeChecked();
  await createSpace.click();
  await expect(createSpace).not.toBeChecked();
  await expect(
    switches
      .locator('.sys-switch-row')
      .filter({ has: admin.getByRole('switch', { name: '创建空间', exact: true }) })
      .getByText('单独设置'),
  ).toBeVisible();

  // The user's app reads the switches again (here on a reload; also on focus).
  await user.reload();
  await expect(user.getByRole('button', { name: '新建分组' })).toBeVisible();
  await expect(user.getByRole('button', { name: '新建空间' })).toHaveCount(0);
  await user.getByRole('button', { name: '新建分组' }).click();
  await expect(user.getByRole('menuitem', { name: '新建分组' })).toBeVisible();
  await expect(user.getByRole('menuitem', { name: '新建空间' })).toHaveCount(0);

  const answer = await user.evaluate(async () => {
    const response = await fetch('/api/v2/space', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
      },
      body: JSON.stringify({ name: '不该建成的空间' }),
    });
    return (await response.json()) as { code: number; msg: string };
  });
  expect(answer.code).toBe(700051);
  expect(answer.msg).toContain('请联系服务商');
});
