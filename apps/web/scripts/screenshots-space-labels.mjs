#!/usr/bin/env node
// Screenshots of a space's labels and switches as a new user meets them, against a running
// server (which serves the built web app):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-space-labels.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user's sidebar (one empty state), the AI chat tab appearing once the space's AI is
// switched on, the robot button's tooltip, opening the space to visitors, and then the space in
// English, 繁體 and dark: tab labels, the default group's name and the top bar's page name; the
// phone menu at 390 px.
/* global fetch -- Node's fetch: the visitor's request carries no login */
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

try {
  let storage;
  let spaceId;
  const pageIds = [];
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await logInBySms(page);
    await page.locator('.app-sider .sidebar-empty-title').waitFor();
    await shoot(page, 'labels-sidebar-empty-light-zh_CN');

    const space = await call(page, 'POST', '/v2/space', {
      name: '产品手册',
      icon: '📘',
      description: '团队的产品文档。',
    });
    spaceId = space.spaceId;
    for (const name of ['快速开始', '安装与配置']) {
      const created = await call(page, 'POST', `/v2/space/${spaceId}/page`, { name });
      pageIds.push(created.pageId);
    }
    await page.goto(`${baseUrl}/space/${spaceId}/page/${pageIds[0]}`);
    await page.locator('.space-tabs').waitFor();
    await shoot(page, 'labels-page-before-ai-light-zh_CN');

    // the robot button names itself
    await page.getByRole('button', { name: 'AI 问答' }).hover();
    await page.getByRole('tooltip', { name: 'AI 问答' }).waitFor();
    await shoot(page, 'labels-ai-button-tooltip-light-zh_CN');

    // switching the AI on makes its tab appear, last
    await page.getByRole('button', { name: '空间操作', exact: true }).click();
    await page.getByRole('menuitem', { name: '空间设置' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'AI 问答' }).click();
    await dialog.getByRole('switch', { name: '开启 AI 问答' }).click();
    await dialog.getByRole('switch', { name: '开启 AI 问答', checked: true }).waitFor();
    await page.locator('.space-tabs [data-node-key="ai-chat"]').waitFor();
    await shoot(page, 'labels-ai-switched-on-light-zh_CN');

    // opening the space to visitors: saved, and a visitor really gets in
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByRole('switch', { name: '允许访客访问' }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存').waitFor();
    await shoot(page, 'labels-visitor-saved-light-zh_CN');
    const visitor = await fetch(`${baseUrl}/api/v2/space/${spaceId}`);
    process.stdout.write(`anonymous GET of the space after saving: ${visitor.status}\n`);
    if (visitor.status !== 200) throw new Error('the space is not open to visitors');

    await page.goto(`${baseUrl}/space/${spaceId}/page/${pageIds[1]}`);
    await page.locator('.space-tabs [data-node-key="ai-chat"]').waitFor();
    storage = await context.storageState();
    await context.close();
  }

  for (const [locale, theme] of [
    ['zh_CN', 'dark'],
    ['en_US', 'light'],
    ['en_US', 'dark'],
    ['zh_TW', 'light'],
  ]) {
    const { context, page } = await newPage({ locale, theme, storage });
    await page.goto(`${baseUrl}/space/${spaceId}/page/${pageIds[0]}`);
    await page.locator('.space-tabs [data-node-key="ai-chat"]').waitFor();
    await page.locator('.space-group-toggle').first().waitFor();
    await shoot(page, `labels-tabs-${theme}-${locale}`);
    if (theme === 'light') {
      await page.goto(`${baseUrl}/space/${spaceId}`);
      await page.locator('.node-cards').waitFor();
      await shoot(page, `labels-space-root-${theme}-${locale}`);
      await page.locator('.space-tabs [data-node-key="ai-chat"]').click();
      await page.waitForURL('**/ai');
      await page.waitForTimeout(800);
      await shoot(page, `labels-ai-chat-${theme}-${locale}`);
    }
    await context.close();
  }

  for (const [locale, theme] of [
    ['zh_CN', 'light'],
    ['en_US', 'light'],
    ['en_US', 'dark'],
  ]) {
    const { context, page } = await newPage({ locale, theme, storage, viewport: phone });
    await page.goto(`${baseUrl}/home`);
    const label = locale === 'en_US' ? 'Open menu' : '打开菜单';
    await page.getByRole('button', { name: label }).click();
    await page.locator('.mobile-menu .space-group-toggle').first().waitFor();
    await shoot(page, `labels-mobile-menu-${theme}-${locale}`);
    await context.close();
  }
  {
    // a new user on a phone: the menu shows one empty state
    const { context, page } = await newPage({ viewport: phone });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await logInBySms(page);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.locator('.mobile-menu').getByText('还没有空间').waitFor();
    await shoot(page, 'labels-mobile-menu-empty-light-zh_CN');
    await context.close();
  }
} finally {
  await browser.close();
}
