#!/usr/bin/env node
// Screenshots of the administration against a running server (which serves
// apps/web/dist), started with REGISTRATION=approval, SMS_FIXED_CODE and a known administrator:
//   ADMIN_ACCOUNT=admin@example.com ADMIN_PASSWORD=Admin12345 BASE_URL=http://127.0.0.1:3000 \
//     node apps/web/scripts/screenshots-admin.mjs
// Pictures go to <repo>/shots/: /sys/users, /sys/permission, the switches and quota dialogs and
// the usage bars of account settings, in zh_CN, zh_TW and en_US (LOCALES=zh_TW,… for fewer),
// light and dark, desktop and 390 px.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  baseUrl,
  browser,
  call,
  desktop,
  newPage,
  phone,
  randomPhone,
  shoot,
  smsCode,
} from './screenshot-kit.mjs';

const adminAccount = process.env.ADMIN_ACCOUNT ?? 'admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin12345';
const gib = 1024 ** 3;
const locales = (process.env.LOCALES ?? 'zh_CN,zh_TW,en_US').split(',');

/** The texts the script clicks by, read from the locale's own files. */
function labels(locale) {
  const read = (name) =>
    JSON.parse(
      fs.readFileSync(
        path.join(import.meta.dirname, `../src/locales/${locale}/${name}.json`),
        'utf8',
      ),
    );
  const system = read('system');
  const layout = read('layout');
  const account = read('account');
  return {
    search: system.users.searchPlaceholder,
    more: system.users.moreActions,
    features: system.users.features,
    quota: system.users.quota,
    userMenu: layout.userMenu,
    accountSettings: layout.accountSettings,
    usage: account.usageTab,
  };
}

/** Registers a phone by SMS through the API (pending with REGISTRATION=approval). */
async function register(page, mobile) {
  const code = await page.request.post(`${baseUrl}/api/v1/user/smsCode`, { data: { mobile } });
  const { smsToken } = (await code.json()).data;
  await page.request.post(`${baseUrl}/api/v1/user/smsCodeRegLogin`, {
    data: {
      smsCode,
      smsToken,
      inviteCode: '',
      client: { client: 'web', deviceId: crypto.randomUUID(), deviceName: 'shots', version: '0.1' },
    },
  });
}

try {
  let storage;
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByPlaceholder('手机号 / 邮箱 / 用户 ID').fill(adminAccount);
    await dialog.getByPlaceholder('请输入密码').fill(adminPassword);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/home');

    await call(page, 'POST', '/system/v1/roles', { name: 'EDITOR', title: '内容编辑' });
    await call(page, 'POST', '/system/v1/roles', { name: 'AUDITOR', title: '审计员' });
    await call(page, 'PUT', '/system/v1/roles/AUDITOR', {
      resources: ['sys-manage', 'sys-users', 'users:read'],
      features: { createSpace: false, uploadFile: true },
    });
    const names = [
      ['林小书', 'EDITOR'],
      ['陈思远', null],
      ['王雨桐', 'AUDITOR'],
      ['赵一鸣', null],
      ['周晓梅', 'EDITOR'],
      ['吴建国', null],
      ['郑可欣', null],
      ['孙浩然', null],
      ['Emily Zhang', null],
      ['黄子涵', null],
      ['刘志强', null],
    ];
    const created = [];
    for (const [nickname, role] of names) {
      created.push(
        await call(page, 'POST', '/system/v1/users', {
          nickname,
          mobile: randomPhone(),
          ...(nickname === 'Emily Zhang' ? { email: 'emily@example.com' } : {}),
          password: 'Shots12345',
          roles: role ? [role] : [],
        }),
      );
    }
    const byName = (name) => created.find((user) => user.nickname === name).userId;
    await call(page, 'PUT', `/system/v1/users/${byName('赵一鸣')}/state`, { state: 'suspended' });
    await call(page, 'PUT', `/system/v1/users/${byName('吴建国')}/state`, { state: 'disabled' });
    await call(page, 'PUT', `/system/v1/users/${byName('孙浩然')}/state`, { state: 'frozen' });
    await call(page, 'PUT', `/system/v1/users/${byName('林小书')}/permission`, {
      overrides: { createSpace: false, downloadFile: false },
    });
    await call(page, 'PUT', `/system/v1/users/${byName('林小书')}/quota`, {
      overrides: { spaces: 10, personalBytes: 5 * gib },
    });
    for (let n = 0; n < 3; n += 1) await register(page, randomPhone());
    // the administrator's own usage, for the account settings bars
    await call(page, 'POST', '/v2/space', { name: '产品手册', icon: '产' });
    await call(page, 'POST', '/v2/space', { name: '读书笔记', icon: '读' });
    storage = await context.storageState();
    await context.close();
  }

  for (const locale of locales) {
    for (const theme of ['light', 'dark']) {
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['phone', phone],
      ]) {
        const tag = `${locale}-${theme}-${size}`;
        const { context, page } = await newPage({ locale, theme, viewport, storage });
        await page.goto(`${baseUrl}/sys/users`);
        await page.locator('.sys-screen .ant-table-row').first().waitFor();
        await shoot(page, `admin-users-${tag}`);

        const text = labels(locale);
        const search = page.getByLabel(text.search);
        await search.fill('林小书');
        await search.press('Enter');
        await page.locator('.sys-screen .ant-table-row').filter({ hasText: '林小书' }).waitFor();
        await page.waitForTimeout(300);
        const more = page.getByRole('button', { name: `${text.more}：林小书` });
        await more.click();
        await page.getByRole('menuitem', { name: text.features }).click();
        await page.locator('.sys-switches-dialog .sys-switch-row').first().waitFor();
        await shoot(page, `admin-switches-${tag}`);
        await page.keyboard.press('Escape');
        await page.locator('.sys-switches-dialog').waitFor({ state: 'hidden' });

        await more.click();
        await page.getByRole('menuitem', { name: text.quota }).click();
        await page.locator('.sys-quota-dialog .sys-quota-row').first().waitFor();
        await shoot(page, `admin-quota-${tag}`);
        await page.keyboard.press('Escape');

        await page.goto(`${baseUrl}/sys/permission`);
        await page.locator('.sys-role-item').first().waitFor();
        await page.locator('.sys-role-item').filter({ hasText: 'AUDITOR' }).click();
        await page.locator('.sys-resources .ant-checkbox-wrapper').first().waitFor();
        await shoot(page, `admin-permission-${tag}`);

        await page.goto(`${baseUrl}/home`);
        await page.getByRole('button', { name: text.userMenu }).click();
        await page.getByRole('menuitem', { name: text.accountSettings }).click();
        await page.getByRole('tab', { name: text.usage }).click();
        await page.locator('.account-usage .ant-progress').first().waitFor();
        await shoot(page, `admin-usage-${tag}`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
