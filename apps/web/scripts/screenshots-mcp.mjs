#!/usr/bin/env node
// Screenshots of personal access keys (account settings, a new key shown once) and of the topic
// visitor switch in the tree's menu, against a running server started with
// SMS_FIXED_CODE:
//   SMS_FIXED_CODE=246810 BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-mcp.mjs
// Pictures go to <repo>/shots/mcp-*.png in zh_CN and en_US, light and dark, desktop and 390 px.
/* global localStorage -- used inside page scripts, which run in the browser */
import crypto from 'node:crypto';
import {
  browser,
  call,
  desktop,
  newPage,
  phone,
  randomPhone,
  shoot,
  smsCode,
} from './screenshot-kit.mjs';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const setup = await newPage();
const mobile = randomPhone();
const sent = await setup.page.request.post(`${base}/api/v1/user/smsCode`, { data: { mobile } });
const login = await setup.page.request.post(`${base}/api/v1/user/smsCodeRegLogin`, {
  data: {
    smsCode,
    smsToken: (await sent.json()).data.smsToken,
    inviteCode: '',
    client: { client: 'web', deviceId: crypto.randomUUID(), deviceName: 'shots', version: '0.1' },
  },
});
const { token } = (await login.json()).data;
await setup.context.addInitScript((value) => localStorage.setItem('token', value), token);
await setup.page.goto(`${base}/home`);
const space = await call(setup.page, 'POST', '/v2/space', { name: '产品知识库' });
await call(setup.page, 'PUT', `/v2/space/${space.spaceId}`, { openToVisitors: true });
const internal = await call(setup.page, 'POST', `/v2/space/${space.spaceId}/topic`, {
  name: '内部资料',
});
await call(setup.page, 'POST', `/v2/space/${space.spaceId}/page`, {
  name: '季度规划',
  parentId: internal.topicId,
});
const guide = await call(setup.page, 'POST', `/v2/space/${space.spaceId}/topic`, {
  name: '使用指南',
});
await call(setup.page, 'POST', `/v2/space/${space.spaceId}/page`, {
  name: '快速上手',
  parentId: guide.topicId,
});
await call(setup.page, 'PUT', `/v2/space/topic/${internal.topicId}/visitors`, {
  visitorsClosed: true,
});
const other = await call(setup.page, 'POST', '/v2/space', { name: '研发文档' });
const used = await call(setup.page, 'POST', '/v1/user/accessKey', {
  name: 'Claude Desktop',
  spaceIds: [space.spaceId, other.spaceId],
});
await setup.page.request.get(`${base}/api/v1/mcp/space`, {
  headers: { 'X-Api-Key': used.token },
});
await call(setup.page, 'POST', '/v1/user/accessKey', { name: 'Cursor', spaceIds: [space.spaceId] });
const storage = await setup.context.storageState();
await setup.context.close();

const texts = {
  zh_CN: {
    userMenu: '用户菜单',
    account: '账号设置',
    keys: '访问密钥',
    newKey: '新建密钥',
    name: '名称',
    spaces: '可读取的空间',
    create: '创建',
    more: '更多操作',
  },
  en_US: {
    userMenu: 'User menu',
    account: 'Account settings',
    keys: 'Access keys',
    newKey: 'New key',
    name: 'Name',
    spaces: 'Spaces it may read',
    create: 'Create',
    more: 'More actions',
  },
};
for (const locale of ['zh_CN', 'en_US']) {
  const text = texts[locale];
  for (const theme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['390', phone],
    ]) {
      const { context, page } = await newPage({ locale, theme, viewport, storage });
      // the keys screen: account settings → access keys
      await page.goto(`${base}/home`);
      await page.getByRole('button', { name: text.userMenu }).click();
      await page.getByRole('menuitem', { name: text.account }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('tab', { name: text.keys }).click();
      await dialog.getByText('Claude Desktop').waitFor();
      await shoot(page, `mcp-keys-${locale}-${theme}-${size}`);
      // a new key: the form, then the key shown once
      await dialog.getByRole('button', { name: text.newKey }).click();
      const form = page.getByRole('dialog', { name: text.newKey });
      await form.getByLabel(text.name).fill(`Cursor ${theme}`);
      await form.getByLabel(text.spaces).click();
      await page.locator('.ant-select-item-option').first().click();
      await form.getByLabel(text.name).click();
      await shoot(page, `mcp-key-new-${locale}-${theme}-${size}`);
      await form.getByRole('button', { name: text.create }).click();
      await page.locator('.access-key-token').waitFor();
      await shoot(page, `mcp-key-made-${locale}-${theme}-${size}`);
      await context.close();

      // the topic switch: the tree's menu of a closed topic (desktop: the phone has no tree menu)
      if (size === 'desktop') {
        const { context: c2, page: p2 } = await newPage({ locale, theme, viewport, storage });
        await p2.goto(`${base}/space/${space.spaceId}`);
        const row = p2.getByRole('treeitem', { name: /内部资料/ });
        await row.hover();
        await row.getByRole('button', { name: new RegExp(text.more) }).click();
        await p2.locator('.ant-dropdown-menu').waitFor();
        await shoot(p2, `mcp-topic-switch-${locale}-${theme}-${size}`);
        await c2.close();
      }
    }
  }
}
await browser.close();
