#!/usr/bin/env node
// Screenshots of the phone's space screens and of the product's emoji, against a running server
// (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-mobile.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user gets spaces with emoji icons in two groups (and an empty group), a topic with a page
// that has an emoji icon and the four callouts, and one space open to visitors. Then, at 390 px in
// zh_CN and en_US, light and dark: my spaces, a space, a page under its title bar, a visitor's open
// space and page; my spaces for a user without spaces; and at 1280 px the emoji as drawn on the
// desktop — the sidebar's space icons, a page's icon and callouts, and the two icon pickers.
// Shot on a machine without an emoji font, every emoji must still show (the app ships its own).
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

const text = (value) => [{ type: 'text', text: value, styles: {} }];
const block = (id, type, props, value) => ({
  id,
  type,
  props,
  content: text(value),
  children: [],
});

let storage;
let emptyStorage;
let spaceId;
let openSpaceId;
let pageId;
let openPageId;
{
  const { context, page } = await newPage({ viewport: phone });
  await page.goto(`${baseUrl}/login`);
  await logInBySms(page);
  const work = await call(page, 'POST', '/v3/space/group', { groupName: '工作' });
  await call(page, 'POST', '/v3/space/group', { groupName: '收藏' });
  const space = await call(page, 'POST', '/v2/space', {
    name: '产品手册',
    icon: '📚',
    description: '团队的产品文档、设计规范与上线记录。',
  });
  spaceId = space.spaceId;
  await call(page, 'POST', '/v2/space', { name: '读书笔记', icon: '🌱' });
  await call(page, 'POST', '/v2/space', { name: '周报', icon: '🚀', groupId: work.groupId });
  await call(page, 'POST', '/v2/space', {
    name: '设计评审',
    icon: null,
    description: '每周四下午的评审记录',
    groupId: work.groupId,
  });
  const open = await call(page, 'POST', '/v2/space', {
    name: '城市开放图书馆',
    icon: '🏛️',
    description: '开馆时间与借阅规则，对所有读者开放。',
  });
  openSpaceId = open.spaceId;

  const blocks = [
    block('h', 'heading', { level: 2 }, '快速开始'),
    block('c1', 'callout', { tone: 'info' }, '页面会自动保存，也可以按 Ctrl+S 立即保存。'),
    block('c2', 'callout', { tone: 'warning' }, '发布前请先请同事审阅。'),
    block('c3', 'callout', { tone: 'success' }, '上线检查已全部通过。'),
    block('c4', 'callout', { tone: 'danger' }, '不要在页面里粘贴密码。'),
    block('p', 'paragraph', {}, '输入 / 打开块菜单，选择“提示框”插入提示。'),
  ];
  const guide = await call(page, 'POST', `/v2/space/${spaceId}/topic`, { name: '入门指南' });
  ({ pageId } = await call(page, 'POST', `/v2/space/${spaceId}/page`, {
    name: '快速开始',
    parentId: guide.topicId,
  }));
  await call(page, 'PUT', `/v2/space/page/${pageId}`, { avatar: '📘' });
  await call(page, 'POST', `/v2/space/${spaceId}/page`, {
    name: '常见问题',
    parentId: guide.topicId,
  });
  await call(page, 'POST', `/v2/space/${spaceId}/topic`, { name: '设计规范' });
  await call(page, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: blocks.map((data) => ({ op: 'upsert', blockId: data.id, data })),
  });

  ({ pageId: openPageId } = await call(page, 'POST', `/v2/space/${openSpaceId}/page`, {
    name: '开放时间',
  }));
  await call(page, 'PUT', `/v2/space/page/${openPageId}`, { avatar: '📣' });
  await call(page, 'PUT', `/v2/space/page/${openPageId}/block`, {
    baseRevision: 0,
    changes: [
      block('o1', 'paragraph', {}, '每周二至周日上午九点开馆，晚上八点闭馆；每周一闭馆整理图书。'),
      block('o2', 'callout', { tone: 'warning' }, '除夕与春节当天闭馆。'),
    ].map((data) => ({ op: 'upsert', blockId: data.id, data })),
  });
  await call(page, 'POST', `/v2/space/page/${openPageId}/version`, { name: 'v1' });
  await call(page, 'PUT', `/v2/space/${openSpaceId}`, { openToVisitors: true });
  storage = await context.storageState();
  await context.close();
}
{
  const { context, page } = await newPage({ viewport: phone });
  await page.goto(`${baseUrl}/login`);
  await logInBySms(page);
  emptyStorage = await context.storageState();
  await context.close();
}

try {
  for (const locale of ['zh_CN', 'en_US']) {
    for (const theme of ['light', 'dark']) {
      const look = `${locale}-${theme}`;
      {
        const { context, page } = await newPage({ locale, theme, viewport: phone, storage });
        // the guard sends /space on a phone to /space-mobile
        await page.goto(`${baseUrl}/space/${spaceId}`);
        await page.waitForURL(`**/space-mobile/${spaceId}`);
        await page.locator('.space-mobile-list').getByText('入门指南').waitFor();
        await shoot(page, `mobile-space-${look}`);
        await page.getByRole('link', { name: /back|返回/i }).click();
        await page.waitForURL('**/space-mobile');
        await page.getByText('周报').waitFor();
        await shoot(page, `mobile-spaces-${look}`);
        await page.goto(`${baseUrl}/space-mobile/${spaceId}/page/${pageId}`);
        await page.getByText('不要在页面里粘贴密码。').waitFor();
        await shoot(page, `mobile-page-${look}`);
        await context.close();
      }
      {
        const { context, page } = await newPage({ locale, theme, viewport: phone });
        await page.goto(`${baseUrl}/open-space/${openSpaceId}`);
        await page.waitForURL('**/open-space/mobile?space=*');
        await page.getByText('开放时间').first().waitFor();
        await shoot(page, `mobile-visitor-space-${look}`);
        await page.getByText('开放时间').first().click();
        await page.getByText('除夕与春节当天闭馆。').waitFor();
        await shoot(page, `mobile-visitor-page-${look}`);
        await context.close();
      }
    }
  }
  for (const locale of ['zh_CN', 'en_US']) {
    const { context, page } = await newPage({ locale, viewport: phone, storage: emptyStorage });
    await page.goto(`${baseUrl}/space-mobile`);
    await page.locator('.space-mobile-empty').waitFor();
    await shoot(page, `mobile-spaces-empty-${locale}`);
    await page.locator('.space-mobile-empty').getByRole('button').click();
    await page.getByRole('dialog').getByRole('listbox').waitFor();
    await shoot(page, `mobile-create-space-${locale}`);
    await context.close();
  }
  for (const theme of ['light', 'dark']) {
    const { context, page } = await newPage({ theme, storage });
    await page.goto(`${baseUrl}/space/${spaceId}/page/${pageId}`);
    await page.getByText('不要在页面里粘贴密码。').waitFor();
    await page.locator('.bn-editor').waitFor();
    await shoot(page, `emoji-desktop-page-${theme}`);
    await page.locator('.page-icon-button').click();
    await page.locator('.page-emoji-grid').waitFor();
    await shoot(page, `emoji-desktop-page-icons-${theme}`);
    await page.keyboard.press('Escape');
    // the slash menu's callout item
    await page.getByText('输入 / 打开块菜单').click();
    await page.waitForTimeout(500); // the editor takes the static view's place
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/提示');
    await page.locator('.bn-suggestion-menu').waitFor();
    await shoot(page, `emoji-desktop-slash-${theme}`);
    await page.keyboard.press('Escape');
    // the sidebar's + opens a menu: a space or a group
    await page.getByRole('button', { name: '新建空间' }).first().click();
    await page.getByRole('menuitem', { name: '新建空间' }).click();
    await page.getByRole('dialog').getByRole('listbox').waitFor();
    await shoot(page, `emoji-desktop-create-space-${theme}`);
    await context.close();
  }
} finally {
  await browser.close();
}
