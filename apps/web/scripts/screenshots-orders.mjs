#!/usr/bin/env node
// Screenshots of goods, orders and payment against a running server (which serves
// apps/web/dist) with the sandbox provider (the default), SMS_FIXED_CODE and a known
// administrator:
//   SMS_FIXED_CODE=246810 ADMIN_ACCOUNT=admin@example.com ADMIN_PASSWORD=Admin12345 \
//     BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-orders.mjs
// The administrator makes the goods through the API; 林小书 (registered by SMS) places orders in
// every state but expired (paid, refunding, refunded, refund declined, cancelled, unpaid). Then,
// in zh_CN and en_US (LOCALES=… for others), light and dark, 1280 and 390 px: the price list,
// buying through the checkout, the sandbox payment's success view, my orders, a receipt, the
// refund dialog; the quota toast with its 'upgrade' and the account's usage tab with the ways to
// more; as the administrator the orders grid, an order's details, the refund dialog, the goods
// and the goods dialog. zh_TW once (light, desktop). Pictures go to <repo>/shots/orders-*.png.
/* global localStorage -- used inside page scripts, which run in the browser */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  baseUrl,
  browser,
  desktop,
  newPage,
  phone,
  randomPhone,
  shoot,
  smsCode,
} from './screenshot-kit.mjs';

const adminAccount = process.env.ADMIN_ACCOUNT ?? 'admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const locales = (process.env.LOCALES ?? 'zh_CN,en_US').split(',');
const gib = 1024 ** 3;

/** The texts the script clicks by, read from the locale's own files. */
function text(locale, name) {
  return JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../src/locales/${locale}/${name}.json`),
      'utf8',
    ),
  );
}

/** Calls the API with a token; answers `data`. */
async function as(request, token, method, url, body) {
  const response = await request.fetch(`${baseUrl}/api${url}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 0) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

const client = () => ({
  client: 'web',
  deviceId: crypto.randomUUID(),
  deviceName: 'shots',
  version: '0.1',
});

/** Registers a phone by SMS through the API; answers `{token, user}`. */
async function register(request, nickname) {
  const mobile = randomPhone();
  const sent = await request.post(`${baseUrl}/api/v1/user/smsCode`, { data: { mobile } });
  const { smsToken } = (await sent.json()).data;
  const login = await request.post(`${baseUrl}/api/v1/user/smsCodeRegLogin`, {
    data: { smsCode, smsToken, inviteCode: '', client: client() },
  });
  const { token, user } = (await login.json()).data;
  await as(request, token, 'PUT', '/v1/user', { nickname });
  return { token, user };
}

async function logInAdmin(request) {
  const login = await request.post(`${baseUrl}/api/v1/user/login`, {
    data: { account: adminAccount, password: adminPassword, client: client() },
  });
  const json = await login.json();
  if (json.code !== 0) throw new Error(`admin login: ${json.msg}`);
  return json.data.token;
}

/** A browser context logged in with `token` (storage and cookie). */
async function pageAs(token, options) {
  const { context, page } = await newPage(options);
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
  return { context, page };
}

const goodsList = [
  {
    name: '免费个人版',
    description: '注册即享，满足日常记录',
    kind: 'personal',
    prices: { CNY: 0, USD: 0 },
    quotas: { spaces: 50, personalBytes: 20 * gib },
    termDays: 3650,
    orderable: false,
    sort: 0,
  },
  {
    name: '专业版',
    description: '适合深度使用的个人',
    kind: 'personal',
    prices: { CNY: 3000, USD: 499 },
    quotas: { spaces: 200, personalBytes: 100 * gib, spaceBytes: 50 * gib, fileBytes: 4 * gib },
    termDays: 30,
    sort: 1,
  },
  {
    name: '团队版',
    description: '小团队协作，成员与空间更多',
    kind: 'team',
    prices: { CNY: 9800, USD: 1499 },
    quotas: { spaces: 500, personalBytes: 500 * gib, teams: 50, teamMembersPerTeam: 2000 },
    termDays: 30,
    sort: 2,
  },
  {
    name: '企业版',
    description: '全公司使用，按年订阅',
    kind: 'enterprise',
    prices: { CNY: 298000, USD: 42900 },
    quotas: { spaces: 5000, personalBytes: 2048 * gib, teams: 500, teamMembersTotal: 20000 },
    termDays: 365,
    sort: 3,
  },
  {
    name: '存储加购包',
    description: '个人存储空间 +50 GB',
    kind: 'addon',
    prices: { CNY: 1500, USD: 299 },
    quotas: { personalBytes: 50 * gib },
    termDays: 365,
    sort: 10,
  },
  {
    name: '大文件加购包',
    description: '单个文件上限 +4 GB',
    kind: 'addon',
    prices: { CNY: 800, USD: 149 },
    quotas: { fileBytes: 4 * gib },
    termDays: 90,
    sort: 11,
  },
];

try {
  const setup = await newPage();
  const { request } = setup.page;
  const admin = await logInAdmin(request);
  const made = [];
  for (const goods of goodsList)
    made.push(await as(request, admin, 'POST', '/system/v1/goods', goods));
  const byName = (name) => made.find((goods) => goods.name === name).goodsId;

  const lin = await register(request, '林小书');
  const buy = async (name) =>
    as(request, lin.token, 'POST', '/v1/order', { goodsId: byName(name), payType: 'sandbox' });
  const pay = async (order) =>
    as(request, lin.token, 'POST', `/v1/order/${order.orderId}/sandboxPay`);
  // every state but expired: refunded, refund declined, refunding, cancelled, paid, unpaid
  const refunded = await buy('大文件加购包');
  await pay(refunded);
  await as(request, lin.token, 'POST', `/v1/order/${refunded.orderId}/refund`, {
    reason: '买重复了',
  });
  await as(request, admin, 'POST', `/system/v1/order/${refunded.orderId}/refund`, { reason: '' });
  const declined = await buy('团队版');
  await pay(declined);
  await as(request, lin.token, 'POST', `/v1/order/${declined.orderId}/refund`, {
    reason: '团队暂时用不上',
  });
  await as(request, admin, 'POST', `/system/v1/order/${declined.orderId}/refund/close`, {
    reason: '已使用超过 7 天',
  });
  const refunding = await buy('存储加购包');
  await pay(refunding);
  await as(request, lin.token, 'POST', `/v1/order/${refunding.orderId}/refund`, {
    reason: '选错了套餐，想换成团队版',
  });
  const cancelled = await buy('企业版');
  await as(request, lin.token, 'POST', `/v1/order/${cancelled.orderId}/cancel`);
  const paid = await buy('专业版');
  await pay(paid);
  await buy('存储加购包'); // unpaid
  // a few more buyers for the administrators' grid
  for (const [nickname, goods] of [
    ['陈思远', '团队版'],
    ['王雨桐', '专业版'],
    ['Emily Zhang', '存储加购包'],
  ]) {
    const person = await register(request, nickname);
    const order = await as(request, person.token, 'POST', '/v1/order', {
      goodsId: byName(goods),
      payType: 'sandbox',
    });
    await as(request, person.token, 'POST', `/v1/order/${order.orderId}/sandboxPay`);
  }
  // 赵一鸣 (who buys nothing) may own no space: creating one is refused with 700100
  const capped = await register(request, '赵一鸣');
  await as(request, admin, 'PUT', `/system/v1/users/${capped.user.userId}/quota`, {
    overrides: { spaces: 0 },
  });
  const buyer = await register(request, '周晓梅');
  await setup.context.close();

  const variants = [];
  for (const locale of locales) {
    for (const theme of ['light', 'dark']) {
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ]) {
        variants.push({ locale, theme, size, viewport });
      }
    }
  }
  if (!locales.includes('zh_TW')) {
    variants.push({ locale: 'zh_TW', theme: 'light', size: 'desktop', viewport: desktop });
  }

  // first what lists orders, while the orders are the ones made above
  for (const { locale, theme, size, viewport } of variants) {
    const tag = `${locale}-${theme}-${size}`;
    const orders = text(locale, 'orders');
    const layout = text(locale, 'layout');
    const account = text(locale, 'account');
    const spaces = text(locale, 'spaces');
    const common = text(locale, 'common');

    // ---- the buyer ----
    {
      const { context, page } = await pageAs(lin.token, { locale, theme, viewport });
      await page.goto(`${baseUrl}/orders`);
      await page.locator('.order-state').first().waitFor();
      await shoot(page, `orders-mine-${tag}`);

      if (theme === 'light') {
        const refund = page.getByRole('button', { name: `${orders.actions.refund}：专业版` });
        await refund.click();
        await page.locator('.order-refund-dialog').waitFor();
        await shoot(page, `orders-refund-${tag}`);
        await page.keyboard.press('Escape');
      }

      await page.goto(`${baseUrl}/orders/${declined.orderId}`);
      await page.locator('.order-receipt').waitFor();
      await shoot(page, `orders-receipt-${tag}`);

      if (theme === 'light') {
        await page.goto(`${baseUrl}/orders/${cancelled.orderId}`);
        await page.locator('.order-result').waitFor();
        await shoot(page, `orders-cancelled-${tag}`);
      }

      await page.goto(`${baseUrl}/home`);
      await page.getByRole('button', { name: layout.userMenu }).click();
      await page.getByRole('menuitem', { name: layout.accountSettings }).click();
      await page.getByRole('tab', { name: account.usageTab }).click();
      await page.locator('.account-usage-actions').waitFor();
      await shoot(page, `orders-usage-${tag}`);
      await context.close();
    }

    if (size === 'desktop') {
      // a quota reached: the toast's way out
      const { context, page } = await pageAs(capped.token, { locale, theme, viewport });
      {
        await page.goto(`${baseUrl}/home`);
        await page.getByRole('button', { name: spaces.createSpace }).first().click();
        await page.getByRole('menuitem', { name: spaces.createSpace }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox').first().fill('又一个空间');
        await dialog.getByRole('button', { name: spaces.create, exact: true }).click();
        await page.getByRole('button', { name: common.upgrade }).waitFor();
        await shoot(page, `orders-quota-toast-${tag}`);
        await page.getByRole('button', { name: common.upgrade }).click();
        await page.waitForURL('**/plans?back=*');
      }
      await context.close();
    }

    // ---- the administrator ----
    {
      const { context, page } = await pageAs(admin, { locale, theme, viewport });
      await page.goto(`${baseUrl}/sys/orders`);
      await page.locator('.order-state').first().waitFor();
      await shoot(page, `orders-admin-${tag}`);

      await page
        .getByRole('button', { name: `${orders.admin.details}：${declined.orderNo}` })
        .click();
      await page.locator('.order-admin-detail').waitFor();
      await shoot(page, `orders-admin-detail-${tag}`);
      await page.keyboard.press('Escape');
      await page.locator('.order-admin-detail').waitFor({ state: 'hidden' });

      await page
        .getByRole('button', { name: `${orders.admin.approveRefund}：${refunding.orderNo}` })
        .click();
      await page.locator('.order-admin-refund-dialog').waitFor();
      await shoot(page, `orders-admin-refund-${tag}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: orders.admin.goods }).click();
      await page.locator('.goods-drawer .goods-name-cell').first().waitFor();
      await shoot(page, `orders-goods-${tag}`);
      if (theme === 'light') {
        await page.getByRole('button', { name: `${orders.goods.edit}：专业版` }).click();
        await page.locator('.goods-dialog .goods-form').waitFor();
        await shoot(page, `orders-goods-dialog-${tag}`);
      }
      await context.close();
    }
  }

  // then buying: the price list, the checkout and the sandbox payment, as another buyer
  for (const { locale, theme, size, viewport } of variants) {
    const tag = `${locale}-${theme}-${size}`;
    const orders = text(locale, 'orders');
    const { context, page } = await pageAs(buyer.token, { locale, theme, viewport });
    await page.goto(`${baseUrl}/plans`);
    await page.locator('.plan-card').first().waitFor();
    await shoot(page, `orders-plans-${tag}`);

    await page.getByRole('button', { name: `${orders.plans.buy}：专业版` }).click();
    await page.locator('.checkout').waitFor();
    await shoot(page, `orders-checkout-${tag}`);

    await page.getByRole('button', { name: orders.checkout.sandboxPay }).click();
    await page.locator('.order-result').waitFor();
    await shoot(page, `orders-paid-${tag}`);
    await context.close();
  }
} finally {
  await browser.close();
}
