import type { Page } from '@playwright/test';
import { expect, newMobile, test } from './support/fixtures';
import { loginBySms } from './support/login';
import { chooseMenuItem } from './support/menu';

// A new user builds a space: a topic, a page inside it and a link; reloads; drags the page out
// to the root; works with five tabs (close the active one, close all); deletes a page and its
// tab disappears.

function tree(page: Page) {
  return page.getByRole('complementary', { name: '内容树' }).getByRole('tree', { name: '内容树' });
}

function treeNode(page: Page, name: string) {
  return tree(page).getByRole('treeitem').filter({ hasText: name });
}

async function nodeMenu(page: Page, name: string, item: string) {
  await treeNode(page, name).hover();
  await page.getByRole('button', { name: `更多操作 ${name}` }).click();
  await chooseMenuItem(page, item);
}

async function fillNodeDialog(page: Page, title: string, name: string, url?: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('名称').fill(name);
  if (url) await dialog.getByLabel('链接地址').fill(url);
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();
}

async function newRootItem(page: Page, kind: '新建页面' | '新建主题' | '新建链接') {
  await page.getByRole('button', { name: '新建', exact: true }).click();
  await chooseMenuItem(page, kind);
}

function tabs(page: Page) {
  return page.locator('.space-tabs .ant-tabs-tab');
}

test('a new user creates a space with a topic, a page and a link, and works with tabs', async ({
  page,
}) => {
  // some forty steps through the tree and the tabs: past a minute on a busy two-core machine
  test.setTimeout(150_000);
  await page.goto('/');
  await loginBySms(page, newMobile());
  await expect(page).toHaveURL(/\/home$/);

  // Create the space from the sidebar; it opens right away with a friendly empty state.
  // Without spaces the sidebar shows one empty state: the card, not also the empty first group.
  const mySpaces = page
    .getByRole('complementary', { name: '侧边栏' })
    .getByRole('region', { name: '我的空间' });
  await expect(mySpaces.getByText('还没有空间')).toBeVisible();
  await expect(mySpaces.getByRole('button', { name: '我的空间' })).toHaveCount(0);
  await page.getByRole('button', { name: '新建空间' }).first().click();
  await chooseMenuItem(page, '新建空间');
  const createDialog = page.getByRole('dialog').filter({ hasText: '新建空间' });
  await expect(createDialog).toBeVisible();
  await createDialog.getByLabel('名称').fill('产品手册');
  await createDialog.getByRole('option', { name: '📘' }).click();
  await createDialog.getByLabel('简介').fill('团队的产品文档');
  await createDialog.getByRole('button', { name: '创建' }).click();
  await expect(page).toHaveURL(/\/space\/[0-9a-f-]{36}$/);
  const spaceUrl = page.url();
  await expect(page.getByText('这个空间还是空的')).toBeVisible();

  // A topic (from the empty state), a page inside it, a link at the root.
  await page.getByRole('button', { name: '新建主题' }).click();
  await fillNodeDialog(page, '新建主题', '入门指南');
  await expect(treeNode(page, '入门指南')).toBeVisible();
  await nodeMenu(page, '入门指南', '新建页面');
  await fillNodeDialog(page, '新建页面', '快速开始');
  await expect(page).toHaveURL(/\/page\/[0-9a-f-]{36}$/);
  await expect(treeNode(page, '快速开始')).toBeVisible();
  await newRootItem(page, '新建链接');
  await fillNodeDialog(page, '新建链接', '官方网站', 'https://example.com/');
  const link = tree(page).getByRole('link', { name: '官方网站' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // Reload: everything is still there, the topic still expanded.
  await page.reload();
  await expect(treeNode(page, '入门指南')).toBeVisible();
  await expect(treeNode(page, '快速开始')).toBeVisible();
  await expect(treeNode(page, '官方网站')).toBeVisible();

  // Drag the page out of the topic, below the link at the root.
  const source = treeNode(page, '快速开始').locator('.tree-node-name');
  const target = treeNode(page, '官方网站');
  const box = await target.boundingBox();
  if (!box) throw new Error('no link row');
  const moved = page.waitForResponse(
    (response) => response.url().includes('/move') && response.request().method() === 'PUT',
  );
  await source.hover();
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + 40, box.y + box.height - 3, { steps: 5 });
  await page.mouse.up();
  expect((await moved).ok()).toBe(true);
  await page.reload();
  // the page now sits at the root
  await expect(treeNode(page, '快速开始')).toHaveAttribute('aria-level', '1');

  // Five pages as tabs.
  for (const name of ['第二页', '第三页', '第四页', '第五页']) {
    await newRootItem(page, '新建页面');
    await fillNodeDialog(page, '新建页面', name);
  }
  await treeNode(page, '快速开始').click();
  await expect(tabs(page)).toHaveCount(5);
  await treeNode(page, '第三页').click();
  await expect(tabs(page).filter({ hasText: '第三页' })).toHaveClass(/ant-tabs-tab-active/);

  // Closing the active tab activates the next one.
  await tabs(page)
    .filter({ hasText: '第三页' })
    .getByRole('button', { name: /close|关闭|remove/i })
    .click();
  await expect(tabs(page)).toHaveCount(4);
  await expect(tabs(page).filter({ hasText: '第四页' })).toHaveClass(/ant-tabs-tab-active/);
  await expect(page).toHaveURL(/\/page\//);

  // Close all returns to the space root.
  await page.getByRole('button', { name: '全部关闭' }).click();
  await expect(tabs(page)).toHaveCount(0);
  expect(page.url()).toBe(spaceUrl);

  // Deleting a page removes its tab.
  await treeNode(page, '第二页').click();
  await treeNode(page, '第五页').click();
  await expect(tabs(page)).toHaveCount(2);
  await nodeMenu(page, '第五页', '删除');
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(treeNode(page, '第五页')).toHaveCount(0);
  await expect(tabs(page)).toHaveCount(1);
  await expect(tabs(page).filter({ hasText: '第二页' })).toHaveClass(/ant-tabs-tab-active/);
  await expect(page.getByText('已删除，可在回收站找回')).toBeVisible();
});
