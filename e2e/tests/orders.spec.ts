import crypto from 'node:crypto';
import { expect, test } from './support/fixtures';
import { adminToken, apiAs, asAdmin } from './support/api';
import { newUserWithSpace } from './support/content';

// A user hits a quota (7001xx) — an upload refused because the space is full —
// takes the error toast's 'upgrade' to the price list, buys a plan in the sandbox through the
// checkout, which turns paid by itself, comes back and uploads what failed before.

const gib = 1024 ** 3;

test('a full space offers the upgrade; a plan bought in the sandbox lets the upload through', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  // the goods to buy, made by the administrator (a name of its own: tests share the server)
  const plan = `扩容版 ${crypto.randomInt(1000, 10_000)}`;
  await asAdmin(request, admin, 'POST', '/system/v1/goods', {
    name: plan,
    description: '空间与个人存储各 1 GB',
    kind: 'personal',
    prices: { CNY: 1200, USD: 199 },
    quotas: { spaceBytes: gib, personalBytes: gib },
    termDays: 30,
  });

  // a new user whose space may hold 1 KB (the administrator's setting for this account)
  const space = await newUserWithSpace(page, request, '资料库');
  const me = await apiAs<{ userId: string }>(page, request, 'GET', '/v1/user');
  await asAdmin(request, admin, 'PUT', `/system/v1/users/${me.userId}/quota`, {
    overrides: { spaceBytes: 1024 },
  });

  const report = {
    name: '季度报告.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('第三季度读书会报告\n'.repeat(400)),
  };
  await page.goto(`/space/${space.spaceId}`);
  await page.getByRole('button', { name: '空间文件库' }).click();
  const library = page.locator('.file-library-drawer');
  await expect(library.getByText('还没有文件')).toBeVisible();
  await library.getByTestId('file-library-input').setInputFiles([report]);
  const upload = library.locator('.file-upload', { hasText: report.name });
  await expect(upload).toHaveAttribute('data-upload-status', 'failed');

  // the refusal's toast (700101) offers the way out (found by its class: while the library's
  // drawer is open, Chromium leaves what is outside it out of the accessibility tree)
  const toast = page.locator('.toast').filter({ hasText: '空间容量已达上限，请联系服务商' });
  await expect(toast).toBeVisible();
  await toast.hover(); // a toast stays while the pointer rests on it
  await toast.locator('.toast-action', { hasText: '升级' }).click();
  await expect(page).toHaveURL(/\/plans\?back=/);

  // the price list in yuan; buy the plan with the sandbox
  const card = page.locator('.plan-card').filter({ hasText: plan });
  await expect(card.getByText('¥12')).toBeVisible();
  await card.getByRole('button', { name: `立即购买：${plan}` }).click();
  await expect(page.getByRole('heading', { name: '订单支付' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('¥12.00');
  await page.getByRole('button', { name: '模拟支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(page.getByText('单个空间容量提升至 1 GB')).toBeVisible();

  // back where the quota stopped: the same upload now goes through
  await page.getByRole('button', { name: '返回继续操作' }).click();
  await expect(page).toHaveURL(new RegExp(`/space/${space.spaceId}$`));
  await page.getByRole('button', { name: '空间文件库' }).click();
  await library.getByTestId('file-library-input').setInputFiles([report]);
  await expect(library.locator('.file-upload', { hasText: report.name }).last()).toHaveAttribute(
    'data-upload-status',
    'done',
  );
  await expect(library.locator('tr', { hasText: report.name })).toBeVisible();

  // and the order is there, paid
  await page.goto('/orders');
  await expect(page.getByRole('row').filter({ hasText: plan }).getByText('已支付')).toBeVisible();
});
