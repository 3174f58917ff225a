#!/usr/bin/env node
// Screenshots of the space view against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-spaces.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user gets a space with topics, pages and a link built through the API, then the space
// view is shot with tabs in light and dark, zh_CN and en_US, the list mode, the settings dialog,
// an empty space, and the mobile tree at 390 px.
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

try {
  let storage;
  let spaceId;
  let emptySpaceId;
  const pageIds = [];
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await logInBySms(page);
    const space = await call(page, 'POST', '/v2/space', {
      name: '产品手册',
      icon: '产',
      description: '团队的产品文档、设计规范与上线记录。',
    });
    spaceId = space.spaceId;
    const empty = await call(page, 'POST', '/v2/space', { name: '读书笔记', icon: '读' });
    emptySpaceId = empty.spaceId;
    await call(page, 'POST', '/v3/space/group', { groupName: '工作' });
    const base = `/v2/space/${spaceId}`;
    const guide = await call(page, 'POST', `${base}/topic`, { name: '入门指南' });
    const design = await call(page, 'POST', `${base}/topic`, { name: '设计规范' });
    const nested = await call(page, 'POST', `${base}/topic`, {
      name: '组件',
      parentId: design.topicId,
    });
    for (const [name, parentId] of [
      ['快速开始', guide.topicId],
      ['安装与配置', guide.topicId],
      ['常见问题', guide.topicId],
      ['颜色与字体', design.topicId],
      ['按钮', nested.topicId],
      ['更新日志', null],
    ]) {
      const created = await call(page, 'POST', `${base}/page`, { name, parentId });
      pageIds.push(created.pageId);
    }
    await call(page, 'POST', `${base}/link`, { name: '官方网站', url: 'https://example.com/' });
    const text = (value) => [{ type: 'text', text: value, styles: {} }];
    await call(page, 'PUT', `/v2/space/page/${pageIds[0]}/block`, {
      baseRevision: 0,
      changes: [
        ['h', 'heading', {}, '快速开始'],
        ['c1', 'callout', { tone: 'info' }, '页面会自动保存，也可以按 Ctrl+S 立即保存。'],
        ['c2', 'callout', { tone: 'warning' }, '发布前请先请同事审阅。'],
        ['p', 'paragraph', {}, '输入 / 打开块菜单，选择“提示框”插入提示。'],
      ].map(([id, type, props, value]) => ({
        op: 'upsert',
        blockId: id,
        data: { id, type, props, content: text(value), children: [] },
      })),
    });
    storage = await context.storageState();
    await context.close();
  }

  async function spaceWithTabs(options, name) {
    const { context, page } = await newPage({ ...options, storage });
    for (const id of [pageIds[0], pageIds[1], pageIds[5], pageIds[3]]) {
      await page.goto(`${baseUrl}/space/${spaceId}/page/${id}`);
      await page.locator('.space-tabs').waitFor();
    }
    await page.locator('.space-tree [role="treeitem"]').filter({ hasText: '入门指南' }).waitFor();
    await shoot(page, name);
    return { context, page };
  }

  {
    const { context, page } = await spaceWithTabs({}, 'space-tabs-light-zh_CN');
    await page.goto(`${baseUrl}/space/${spaceId}`);
    await page.locator('.node-cards').waitFor();
    await shoot(page, 'space-home-light-zh_CN');
    await page.getByText('列表', { exact: true }).click();
    await page.locator('.ant-table').waitFor();
    await shoot(page, 'space-list-light-zh_CN');
    await page.getByText('树形', { exact: true }).click();
    await page.getByRole('button', { name: '空间设置' }).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, 'space-settings');
    await page.getByRole('dialog').getByRole('tab', { name: '成员' }).click();
    await page.waitForTimeout(500);
    await shoot(page, 'space-settings-members');
    await page.keyboard.press('Escape');
    await page.locator('.space-tree [role="treeitem"]').filter({ hasText: '入门指南' }).hover();
    await page.getByRole('button', { name: '更多操作 入门指南' }).click();
    await shoot(page, 'space-node-menu');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/space/${emptySpaceId}`);
    await page.getByText('这个空间还是空的').waitFor();
    await shoot(page, 'space-empty');
    await context.close();
  }
  {
    const { context } = await spaceWithTabs({ theme: 'dark' }, 'space-tabs-dark-zh_CN');
    await context.close();
  }
  for (const [locale, theme] of [
    ['zh_CN', 'light'],
    ['en_US', 'dark'],
  ]) {
    const { context, page } = await newPage({ locale, theme, storage });
    await page.goto(`${baseUrl}/space/${spaceId}/page/${pageIds[0]}`);
    await page.locator('[data-content-type="callout"]').first().waitFor();
    await shoot(page, `page-callout-${theme}-${locale}`);
    await context.close();
  }
  {
    const { context } = await spaceWithTabs({ locale: 'en_US' }, 'space-tabs-light-en_US');
    await context.close();
  }
  {
    const { context } = await spaceWithTabs(
      { locale: 'en_US', theme: 'dark' },
      'space-tabs-dark-en_US',
    );
    await context.close();
  }
  {
    const { context, page } = await newPage({ viewport: phone, storage });
    await page.goto(`${baseUrl}/space/${spaceId}`);
    await page.waitForURL('**/space-mobile/**');
    await page.locator('.space-mobile-list').waitFor();
    await shoot(page, 'space-mobile');
    await page.getByText('入门指南').click();
    await page.getByText('快速开始').waitFor();
    await shoot(page, 'space-mobile-topic');
    await context.close();
  }
} finally {
  await browser.close();
}
