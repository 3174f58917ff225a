import type { APIRequestContext, Page } from '@playwright/test';
import { makePng } from '../fixtures/documents.mjs';
import { expect, newMobile, test } from './support/fixtures';
import { apiAs } from './support/api';
import { indexedDocuments, newUserWithSpace, pageWith, paragraph } from './support/content';
import { loginBySms } from './support/login';
import { chooseMenuItem } from './support/menu';

/** An image uploaded into the space's file library; answers its file id. */
async function uploadImage(page: Page, request: APIRequestContext, spaceId: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await request.post(`/api/v3/space/${spaceId}/file`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: '馆舍外景.png',
        mimeType: 'image/png',
        buffer: makePng({ width: 120, height: 80, rgb: [32, 120, 200] }),
      },
    },
  });
  const body = (await response.json()) as { code: number; data: { fileId: string } };
  expect(body.code).toBe(0);
  return body.data.fileId;
}

test('a visitor reads an open space without an account, then logs in and asks its AI', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // the owner: a space with a published page and a draft, AI on, opened to visitors
  const space = await newUserWithSpace(page, request, '城市开放图书馆');
  const imageId = await uploadImage(page, request, space.spaceId);
  const hoursPage = await pageWith(page, request, space.spaceId, '开放时间', [
    paragraph('hours', '城市开放图书馆每周二至周日开馆，每周一闭馆整理图书。'),
    {
      id: 'photo',
      type: 'image',
      props: { url: `/v3/space/file/${imageId}`, name: '馆舍外景.png', caption: '' },
      children: [],
    },
  ]);
  const draftPage = await pageWith(
    page,
    request,
    space.spaceId,
    '内部筹备',
    [paragraph('plan', '闭馆整理期间的内部筹备：新馆预算八百万元，尚未公开。')],
    { publish: false },
  );
  await apiAs(page, request, 'POST', `/v1/ai/${space.spaceId}/enable`, { enable: true });
  await expect
    .poll(() => indexedDocuments(page, request, space.spaceId), { timeout: 30_000 })
    .toBe(1);
  await page.goto(`/space/${space.spaceId}`);
  await page.getByRole('button', { name: '空间操作', exact: true }).click();
  await chooseMenuItem(page, '空间设置');
  const settings = page.getByRole('dialog', { name: '空间设置' });
  await settings.getByRole('switch', { name: '允许访客访问' }).click();
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith(`/api/v2/space/${space.spaceId}`),
  );
  await settings.getByRole('button', { name: /保\s?存/ }).click();
  expect((await saved).ok()).toBe(true);

  // an anonymous visitor follows the space's visitor entry
  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await visitor.goto(`/open/${space.spaceId}`);
  await expect(visitor).toHaveURL(new RegExp(`/open-space/${space.spaceId}$`));
  await expect(visitor.getByText('开放空间 · 访客浏览')).toBeVisible();
  await expect(visitor.locator('.space-visitor-tag')).toHaveText('访客');
  await expect(visitor.getByRole('button', { name: '新建' })).toHaveCount(0);

  // the published version reads; the draft is not listed and its content never shows
  await expect(visitor.getByRole('treeitem')).toHaveCount(1);
  await visitor.getByRole('treeitem', { name: /开放时间/ }).click();
  await expect(visitor).toHaveURL(new RegExp(`/open-space/${space.spaceId}/page/${hoursPage}$`));
  await expect(visitor.getByText('每周一闭馆整理图书')).toBeVisible();
  await expect(visitor.locator('[contenteditable="true"]')).toHaveCount(0);
  // its image loads through a preview URL signed for a visitor, and nobody is asked to log in
  const photo = visitor.locator('.bn-block-outer[data-id="photo"] img');
  await expect(photo).toHaveAttribute('src', /\/preview\//);
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(120);
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  // an unpublished page does not exist for a visitor, not even its title
  await visitor.goto(`/open-space/${space.spaceId}/page/${draftPage}`);
  await expect(visitor.getByText('页面不存在或无权访问')).toBeVisible();
  await expect(visitor.getByText('内部筹备')).toHaveCount(0);
  await expect(visitor.getByText('新馆预算')).toHaveCount(0);

  // asking needs an account: logging in continues in the member view, as a visitor
  await visitor.goto(`/open-space/${space.spaceId}/ai`);
  await expect(visitor.getByText('登录后即可向这个空间的 AI 提问')).toBeVisible();
  await visitor.getByRole('button', { name: '登录后提问' }).click();
  await loginBySms(visitor, newMobile());
  await expect(visitor).toHaveURL(new RegExp(`/space/${space.spaceId}/ai$`));
  await expect(visitor.locator('.space-visitor-tag')).toHaveText('访客');
  await visitor.locator('.ai-conversations-header').getByRole('button', { name: '新对话' }).click();
  const box = visitor.getByPlaceholder('输入问题，Enter 发送，Shift+Enter 换行');
  await box.fill('闭馆整理期间新馆预算是多少？每周几闭馆？');
  await box.press('Enter');
  const answer = visitor.locator('.ai-message-assistant').last();
  await expect(answer.locator('.ai-markdown')).toContainText('周一闭馆', { timeout: 20_000 });
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(answer.getByRole('button', { name: /打开出处：开放时间/ }).first()).toBeVisible();
  await expect(answer.getByRole('button', { name: /打开出处：内部筹备/ })).toHaveCount(0);
  await expect(answer).not.toContainText('八百万');
  await context.close();
});
