// What a new user tripped over — the AI chat tab appears as soon as the space's AI
// is switched on, labels follow a language switch (the AI tab opened before it, the default
// group), the top bar names the space and the page, and opening the space to visitors sticks.
import { expect, test } from './support/fixtures';
import { newUserWithSpace, pageWith, paragraph } from './support/content';
import { chooseMenuItem } from './support/menu';

test('the AI chat tab, the labels after a language switch, and the visitor switch', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '社区书屋');
  const pageId = await pageWith(page, request, space.spaceId, '借阅须知', [
    paragraph('rules', '每位读者每次最多借五本书。'),
  ]);

  await page.goto(`/space/${space.spaceId}`);
  const treeItem = page.getByRole('treeitem', { name: /借阅须知/ });
  await expect(treeItem).toBeVisible({ timeout: 30_000 });
  const header = page.locator('.app-header-title');
  await expect(header).toHaveText('社区书屋');
  const tabTitles = page.locator('.space-tabs .space-tab-title');
  await treeItem.click();
  await expect(header).toHaveText('借阅须知');
  await expect(tabTitles).toHaveText(['借阅须知']);
  await expect(page.getByRole('link', { name: 'AI 问答' })).toBeVisible();

  // switching the AI on makes its tab appear, last, without leaving the page
  await page.getByRole('button', { name: '空间操作', exact: true }).click();
  await chooseMenuItem(page, '空间设置');
  const settings = page.getByRole('dialog', { name: '空间设置' });
  await settings.getByRole('tab', { name: 'AI 问答' }).click();
  await settings.getByRole('switch', { name: '开启 AI 问答' }).click();
  await expect(tabTitles).toHaveText(['借阅须知', 'AI 问答']);
  await expect(page).toHaveURL(new RegExp(`/space/${space.spaceId}/page/${pageId}$`));

  // opening the space to visitors is saved, and a visitor gets in
  await settings.getByRole('tab', { name: '基本信息' }).click();
  await settings.getByRole('switch', { name: '允许访客访问' }).click();
  await settings.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.locator('.toast-message').filter({ hasText: '已保存' })).toBeVisible();
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.request.get(`/api/v2/space/${space.spaceId}`);
  expect(anonymous.status()).toBe(200);
  await visitor.close();

  // the AI tab cannot be closed while the AI is on; 'close all' keeps it
  const aiTab = page.locator('.space-tabs .ant-tabs-tab[data-node-key="ai-chat"]');
  await expect(aiTab.locator('.ant-tabs-tab-remove')).toHaveCount(0);
  await page.getByRole('button', { name: '全部关闭' }).click();
  await expect(tabTitles).toHaveText(['AI 问答']);
  await aiTab.click();
  await expect(page).toHaveURL(new RegExp(`/space/${space.spaceId}/ai$`));

  // in English the tab opened before the switch, the default group and the top bar follow
  await page.getByRole('button', { name: '切换语言' }).click();
  await chooseMenuItem(page, 'English');
  await expect(tabTitles).toHaveText(['AI Q&A']);
  await expect(header).toHaveText('AI Q&A');
  await expect(page.locator('.app-sider .space-group-toggle')).toHaveText(['My spaces']);
  await treeItem.click();
  await expect(header).toHaveText('借阅须知');
  await expect(page).toHaveTitle(/借阅须知/);
});
