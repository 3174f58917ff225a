#!/usr/bin/env node
// Screenshots of a space's member groups with a team in them and the friend-and-team picker open,
// against a running server started with SMS_FIXED_CODE:
//   SMS_FIXED_CODE=246810 BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-space-members.mjs
// Pictures go to <repo>/shots/space-members-*.png in zh_CN and en_US, light and dark.
/* global localStorage -- used inside page scripts, which run in the browser */
import crypto from 'node:crypto';
import { browser, call, desktop, newPage, randomPhone, shoot, smsCode } from './screenshot-kit.mjs';

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
const root = await call(setup.page, 'POST', '/v1/team', { name: '研发部' });
const sub = await call(setup.page, 'POST', '/v1/team', { name: '前端组', parentId: root.teamId });
const space = await call(setup.page, 'POST', '/v2/space', { name: '前端知识库' });
const groups = (await call(setup.page, 'GET', `/v2/space/${space.spaceId}/memberGroup`)).list;
const readers = groups.find((group) => group.role === 'reader');
await call(setup.page, 'POST', `/v2/space/memberGroup/${readers.memberGroupId}/member`, {
  memberType: 'team',
  teamId: sub.teamId,
});
const storage = await setup.context.storageState();
await setup.context.close();

const texts = {
  zh_CN: {
    actions: '空间操作',
    settings: '空间设置',
    members: '成员',
    readers: '读者',
    account: '账号',
  },
  en_US: {
    actions: 'Space actions',
    settings: 'Space settings',
    members: 'Members',
    readers: 'Reader',
    account: 'Account',
  },
};
for (const locale of ['zh_CN', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    // the desktop's space settings (from the header's '…' menu)
    for (const [size, viewport] of [['desktop', desktop]]) {
      const { context, page } = await newPage({ locale, theme, viewport, storage });
      await page.goto(`${base}/space/${space.spaceId}`);
      await page.getByRole('button', { name: texts[locale].actions, exact: true }).click();
      await page.getByRole('menuitem', { name: texts[locale].settings }).click();
      const dialog = page.getByRole('dialog', { name: texts[locale].settings });
      await dialog.getByRole('tab', { name: texts[locale].members }).click();
      const group = dialog.getByRole('region', { name: texts[locale].readers });
      await group.scrollIntoViewIfNeeded();
      const picker = group.getByRole('combobox', { name: texts[locale].account });
      await picker.click();
      await picker.fill('研');
      await page.locator('.ant-select-item-option').first().waitFor();
      await shoot(page, `space-members-picker-${locale}-${theme}-${size}`);
      await picker.fill('');
      await picker.press('Escape');
      await picker.blur();
      await group.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await shoot(page, `space-members-${locale}-${theme}-${size}`);
      await context.close();
    }
  }
}
await browser.close();
