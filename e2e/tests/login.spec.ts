import { adminAccount, adminPassword } from './support/constants';
import { expect, newMobile, test } from './support/fixtures';
import { logOut, loginByPassword, loginBySms, loginDialog } from './support/login';
import { chooseMenuItem } from './support/menu';

test('a new visitor logs in by SMS, logs out, logs in by password, switches language', async ({
  page,
}) => {
  await page.goto('/');
  await expect(loginDialog(page)).toBeVisible();
  await expect(page).toHaveTitle(/公共图书馆/);

  await loginBySms(page, newMobile());
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: '欢迎来到公共图书馆' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect((await page.context().cookies()).find((c) => c.name === 'token')?.expires).toBe(-1);

  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginDialog(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The administrator from ADMIN_ACCOUNT / ADMIN_PASSWORD logs in by password.
  await loginByPassword(page, adminAccount, adminPassword);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('menuitem', { name: '系统管理' })).toBeVisible();

  await page.getByRole('button', { name: '切换语言' }).click();
  await chooseMenuItem(page, 'English');
  await expect(page.getByRole('heading', { name: 'Welcome to the public library' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toContain('en_US');
  await expect(page).toHaveTitle(/Public Library/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to the public library' })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await chooseMenuItem(page, '简体中文');
  await expect(page.getByRole('heading', { name: '欢迎来到公共图书馆' })).toBeVisible();
});

test('the login dialog checks its fields before calling the server', async ({ page }) => {
  await page.goto('/login');
  const dialog = loginDialog(page);
  await dialog.getByRole('button', { name: '登录 / 注册' }).click();
  await expect(dialog.getByText('手机号不能为空')).toBeVisible();
  await dialog.getByRole('tab', { name: '密码登录' }).click();
  await dialog.getByPlaceholder('请输入密码').fill('1234567');
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(dialog.getByText('账号不能为空')).toBeVisible();
  await expect(dialog.getByText('长度必须为 8 到 16 个字符')).toBeVisible();
  await dialog.getByPlaceholder('手机号 / 邮箱 / 用户 ID').fill(adminAccount);
  await dialog.getByPlaceholder('请输入密码').fill('Wrong12345');
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请先同意用户协议和隐私政策')).toBeVisible();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  // The server's 200001 comes back as an error toast in the page's language.
  await expect(page.getByText('账号或密码错误')).toBeVisible();
});

test('a wanted page is remembered through login', async ({ page }) => {
  await page.goto('/notes');
  await expect(loginDialog(page)).toBeVisible();
  await loginBySms(page, newMobile());
  await expect(page).toHaveURL(/\/notes$/);
});

test('/register?c=CODE keeps the invite code through login', async ({ page, request }) => {
  // The inviter: a user who registered by SMS through the API.
  const mobile = newMobile();
  const sent = await (await request.post('/api/v1/user/smsCode', { data: { mobile } })).json();
  const login = await (
    await request.post('/api/v1/user/smsCodeRegLogin', {
      data: {
        smsToken: sent.data.smsToken,
        smsCode: '246810',
        client: { client: 'web', deviceId: 'e2e', deviceName: 'e2e', version: '0.1' },
        inviteCode: '',
      },
    })
  ).json();
  const invite = await (
    await request.get('/api/v1/user/inviteCode', {
      headers: { authorization: `Bearer ${login.data.token}` },
    })
  ).json();
  const code: string = invite.data.inviteCode;

  await page.goto(`/register?c=${code}`);
  await expect(loginDialog(page)).toBeVisible();
  const smsLogin = page.waitForRequest((req) => req.url().endsWith('/api/v1/user/smsCodeRegLogin'));
  await loginBySms(page, newMobile());
  expect((await smsLogin).postDataJSON().inviteCode).toBe(code);
  await expect(page).toHaveURL(/\/home$/);
});

test('an administrator reaches /sys-manage, which leads to /sys/users; others get 403', async ({
  page,
}) => {
  await page.goto('/sys-manage');
  await loginByPassword(page, adminAccount, adminPassword);
  await expect(page).toHaveURL(/\/sys\/users$/);

  await logOut(page);
  await loginBySms(page, newMobile());
  await expect(page.getByRole('menuitem', { name: '系统管理' })).toBeHidden();
  await page.goto('/sys-manage');
  await expect(page.getByText('抱歉，你没有权限访问这个页面。')).toBeVisible();
  await expect(page).not.toHaveURL(/\/sys\/users$/);
});
