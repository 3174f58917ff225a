import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newMobile, test } from './support/fixtures';
import { loginBySms } from './support/login';

// The personal screens as a new user meets them: quick notes, the recycle bin and the history.

interface Envelope<T> {
  code: number;
  data: T;
}

/** Calls the API as the user logged in on this page (the token the app keeps in localStorage). */
async function apiAs(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const call = async <T>(method: 'POST' | 'DELETE', url: string, data?: unknown): Promise<T> => {
    const response = await request.fetch(url, { method, headers, data });
    const body = (await response.json()) as Envelope<T>;
    expect(body.code, `${method} ${url}`).toBe(0);
    return body.data;
  };
  return {
    post: <T>(url: string, data?: unknown) => call<T>('POST', url, data),
    delete: <T>(url: string) => call<T>('DELETE', url),
  };
}

async function logInAt(page: Page, path: string) {
  await page.goto(path);
  await loginBySms(page, newMobile());
  await expect(page).toHaveURL(new RegExp(`${path}`));
}

test('a quick note is kept through a reload and found by search', async ({ page }) => {
  await logInAt(page, '/notes');
  await expect(page.getByText('还没有笔记')).toBeVisible();

  await page.getByRole('button', { name: '新建笔记' }).click();
  await expect(page).toHaveURL(/\/notes\?note=/);
  await page.getByLabel('笔记标题').fill('周末读书计划');
  await page.getByLabel('笔记内容').fill('读完《围城》\n整理摘抄');
  await expect(page.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('笔记标题')).toHaveValue('周末读书计划');
  await expect(page.getByLabel('笔记内容')).toHaveValue('读完《围城》\n整理摘抄');

  const search = page.getByLabel('搜索笔记');
  await search.fill('围城');
  const list = page.getByRole('region', { name: '笔记列表' });
  await expect(list.getByRole('button', { name: /周末读书计划/ })).toBeVisible();
  await search.fill('没有这个词');
  await expect(list.getByText('没有找到与“没有这个词”相关的笔记')).toBeVisible();
});

test('a deleted page is found in the recycle bin and restored', async ({ page, request }) => {
  await logInAt(page, '/recycle');
  const api = await apiAs(page, request);
  const space = await api.post<{ spaceId: string }>('/api/v2/space', { name: '回收站测试空间' });
  const created = await api.post<{ pageId: string }>(`/api/v2/space/${space.spaceId}/page`, {
    name: '要删除的页面',
  });
  await api.delete(`/api/v2/space/page/${created.pageId}`);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: '要删除的页面' });
  await expect(row).toBeVisible();
  await expect(row.getByText('回收站测试空间 / 根目录')).toBeVisible();
  await row.getByRole('button', { name: /恢复/ }).click();
  await expect(page.getByText('“要删除的页面”已恢复到原来的位置')).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByText('回收站是空的')).toBeVisible();
});

test('a visited page shows in the history under today and opens from there', async ({
  page,
  request,
}) => {
  await logInAt(page, '/course');
  await expect(page.getByText('还没有访问记录')).toBeVisible();
  const api = await apiAs(page, request);
  const space = await api.post<{ spaceId: string }>('/api/v2/space', { name: '历史测试空间' });
  const created = await api.post<{ pageId: string }>(`/api/v2/space/${space.spaceId}/page`, {
    name: '看过的页面',
  });
  await api.post('/api/v1/history', { targetType: 'page', targetId: created.pageId });

  await page.reload();
  const today = page.getByRole('region', { name: '今天' });
  const link = today.getByRole('link', { name: /看过的页面/ });
  await expect(link).toBeVisible();
  await expect(link).toContainText('历史测试空间');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/space/${space.spaceId}/page/${created.pageId}$`));
});
