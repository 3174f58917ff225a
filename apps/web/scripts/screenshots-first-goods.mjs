#!/usr/bin/env node
// Screenshots of an administrator's first hour with goods, against a running server that sells
// nothing yet (a fresh DATA_DIR), with SMS_FIXED_CODE and a known administrator:
//   SMS_FIXED_CODE=246810 ADMIN_ACCOUNT=admin@example.com ADMIN_PASSWORD=Admin12345 \
//     BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-first-goods.mjs
// While nothing is for sale: /sys/orders with its notice and the new goods dialog it opens, a
// user's usage tab and empty 'my orders' without a way to the price list. Then the administrator
// puts one goods on sale: /sys/orders without the notice, the usage tab with 'upgrade plan'.
// zh_CN and en_US, light and dark, 1280 and 390 px (zh_TW once). Pictures go to
// <repo>/shots/first-goods-*.png.
/* global localStorage -- used inside page scripts, which run in the browser */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  baseUrl,
  browser,
  desktop,
  networkQuiet,
  newPage,
  phone,
  randomPhone,
  shoot,
  smsCode,
} from './screenshot-kit.mjs';

const adminAccount = process.env.ADMIN_ACCOUNT ?? 'admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin12345';

function text(locale, name) {
  return JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../src/locales/${locale}/${name}.json`),
      'utf8',
    ),
  );
}

const client = () => ({
  client: 'web',
  deviceId: crypto.randomUUID(),
  deviceName: 'shots',
  version: '0.1',
});

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

async function pageAs(token, options) {
  const { context, page } = await newPage(options);
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
  return { context, page };
}

const variants = [];
for (const locale of ['zh_CN', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ]) {
      variants.push({ locale, theme, size, viewport });
    }
  }
}
variants.push({ locale: 'zh_TW', theme: 'light', size: 'desktop', viewport: desktop });

async function shootAll(stage, admin, user) {
  for (const { locale, theme, size, viewport } of variants) {
    const tag = `${stage}-${locale}-${theme}-${size}`;
    const orders = text(locale, 'orders');
    const layout = text(locale, 'layout');
    const account = text(locale, 'account');
    {
      const { context, page } = await pageAs(admin, { locale, theme, viewport });
      await page.goto(`${baseUrl}/sys/orders`);
      await page.locator('.orders-admin-filters').waitFor();
      await networkQuiet(page);
      await shoot(page, `first-goods-sys-orders-${tag}`);
      const create = page.getByRole('button', { name: orders.admin.firstGoods.createFirst });
      if (stage === 'none' && theme === 'light' && (await create.isVisible())) {
        await create.click();
        await page.locator('.ant-modal').filter({ hasText: orders.goods.dialogCreate }).waitFor();
        await shoot(page, `first-goods-dialog-${tag}`);
      }
      await context.close();
    }
    {
      const { context, page } = await pageAs(user, { locale, theme, viewport });
      await page.goto(`${baseUrl}/home`);
      await page.getByRole('button', { name: layout.userMenu }).click();
      await page.getByRole('menuitem', { name: layout.accountSettings }).click();
      await page.getByRole('tab', { name: account.usageTab }).click();
      await page.locator('.account-usage-actions').waitFor();
      await networkQuiet(page);
      await shoot(page, `first-goods-usage-${tag}`);
      await context.close();
    }
    if (theme === 'light') {
      const { context, page } = await pageAs(user, { locale, theme, viewport });
      await page.goto(`${baseUrl}/orders`);
      await page.getByText(orders.list.empty).first().waitFor();
      await networkQuiet(page);
      await shoot(page, `first-goods-my-orders-${tag}`);
      await context.close();
    }
  }
}

try {
  const { context, page } = await newPage();
  const request = page.request;
  const login = await request.post(`${baseUrl}/api/v1/user/login`, {
    data: { account: adminAccount, password: adminPassword, client: client() },
  });
  const admin = (await login.json()).data.token;
  const goods = await as(request, admin, 'GET', '/system/v1/goods');
  if (goods.list.length > 0)
    throw new Error('This needs a server without goods (a fresh DATA_DIR).');

  const mobile = randomPhone();
  const sent = await request.post(`${baseUrl}/api/v1/user/smsCode`, { data: { mobile } });
  const { smsToken } = (await sent.json()).data;
  const registered = await request.post(`${baseUrl}/api/v1/user/smsCodeRegLogin`, {
    data: { smsCode, smsToken, inviteCode: '', client: client() },
  });
  const user = (await registered.json()).data.token;
  await as(request, user, 'PUT', '/v1/user', { nickname: '林小书' });

  await shootAll('none', admin, user);
  await as(request, admin, 'POST', '/system/v1/goods', {
    name: '专业版',
    description: '适合深度使用的个人',
    kind: 'personal',
    prices: { CNY: 3000, USD: 499 },
    quotas: { spaces: 200 },
    termDays: 30,
  });
  await shootAll('on-sale', admin, user);
  await context.close();
} finally {
  await browser.close();
}
