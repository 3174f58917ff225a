// Shares: a page shared with a password, opened by someone without an account —
// the password screen, the page with its image, the attachment downloaded intact — and 'not
// found' once the page is unpublished; and a topic shared with AI questions, asked by a guest —
// the answer cites the topic's page, never another page of the space.
import type { APIRequestContext, Page } from '@playwright/test';
import { makePdf, makePng } from '../fixtures/documents.mjs';
import { expect, test } from './support/fixtures';
import { apiAs } from './support/api';
import { indexedDocuments, newUserWithSpace, pageWith, paragraph } from './support/content';

/** A file uploaded into a page; answers its file id. */
async function uploadInto(
  page: Page,
  request: APIRequestContext,
  spaceId: string,
  pageId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await request.post(`/api/v3/space/${spaceId}/file?pageId=${pageId}`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file },
  });
  const body = (await response.json()) as { code: number; data: { fileId: string } };
  expect(body.code).toBe(0);
  return body.data.fileId;
}

test('a page shared with a password opens without an account, then ends when unpublished', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '分享测试空间');
  const { pageId } = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/page`,
    { name: '借阅须知' },
  );
  const imageId = await uploadInto(page, request, space.spaceId, pageId, {
    name: '借阅流程.png',
    mimeType: 'image/png',
    buffer: makePng({ width: 160, height: 90, rgb: [200, 80, 40] }),
  });
  const pdf = makePdf({ title: 'Borrowing rules', pages: 1 });
  const pdfId = await uploadInto(page, request, space.spaceId, pageId, {
    name: '借阅规则.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await apiAs(page, request, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: [
      {
        op: 'upsert',
        blockId: 'rules',
        afterBlockId: null,
        data: paragraph('rules', '每位读者最多可同时借阅五本图书，借期三十天。'),
      },
      {
        op: 'upsert',
        blockId: 'photo',
        afterBlockId: 'rules',
        data: {
          id: 'photo',
          type: 'image',
          props: { url: `/v3/space/file/${imageId}`, name: '借阅流程.png', caption: '' },
          children: [],
        },
      },
      {
        op: 'upsert',
        blockId: 'doc',
        afterBlockId: 'photo',
        data: {
          id: 'doc',
          type: 'file',
          props: { url: `/v3/space/file/${pdfId}`, name: '借阅规则.pdf', caption: '' },
          children: [],
        },
      },
    ],
  });
  await apiAs(page, request, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });

  // the owner shares the page from its toolbar, with a password
  await page.goto(`/space/${space.spaceId}/page/${pageId}`);
  await page.locator('.page-share-button').click();
  const dialog = page.getByRole('dialog', { name: '分享“借阅须知”' });
  await dialog.getByPlaceholder('4–16 位字母、数字或符号').fill('read2026');
  await dialog.getByRole('button', { name: '创建分享链接' }).click();
  const linkInput = dialog.getByRole('textbox', { name: '分享链接' });
  await expect(linkInput).toBeVisible();
  const link = await linkInput.inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);

  // someone without an account opens the link
  const visitor = await browser.newContext({ baseURL, locale: 'zh-CN', acceptDownloads: true });
  const guest = await visitor.newPage();
  await guest.goto(new URL(link).pathname);
  await expect(guest.getByText('此分享需要密码')).toBeVisible();
  await expect(guest.getByText('每位读者最多可同时借阅五本图书')).toHaveCount(0);
  const password = guest.getByLabel('访问密码');
  await password.fill('wrong-pass');
  await guest.getByRole('button', { name: '查看内容' }).click();
  await expect(guest.getByRole('alert')).toHaveText('密码错误，请重试');
  await password.fill('read2026');
  await guest.getByRole('button', { name: '查看内容' }).click();
  await expect(guest.getByText('每位读者最多可同时借阅五本图书，借期三十天。')).toBeVisible();
  await expect(guest.getByRole('heading', { name: '借阅须知' })).toBeVisible();

  // the image loads through the share's own file URL, with the grant
  const picture = guest.locator('[data-content-type="image"] img');
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(160);
  expect(await picture.getAttribute('src')).toContain(`/api/v1/share/s/`);

  // the attachment downloads intact
  const downloading = guest.waitForEvent('download');
  await guest
    .getByRole('region', { name: '附件' })
    .getByRole('listitem')
    .filter({ hasText: '借阅规则.pdf' })
    .getByRole('link', { name: /下载/ })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('借阅规则.pdf');
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(pdf)).toBe(true);

  // the owner unpublishes the page: the link shows 'not found'
  await apiAs(page, request, 'DELETE', `/v2/space/page/${pageId}/publish`);
  await guest.reload();
  await expect(guest.getByText('分享不存在或已失效')).toBeVisible();
  await expect(guest.getByText('每位读者最多可同时借阅五本图书')).toHaveCount(0);
  await visitor.close();
});

test('a topic shared with AI questions answers a guest from the topic only', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '问答分享空间');
  const { topicId } = await apiAs<{ topicId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/topic`,
    { name: '读者服务', parentId: null },
  );
  const { pageId } = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/page`,
    { name: '开放时间', parentId: topicId },
  );
  await apiAs(page, request, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: [
      {
        op: 'upsert',
        blockId: 'hours',
        afterBlockId: null,
        data: paragraph('hours', '图书馆每周二到周日开放，周一闭馆整理书架。'),
      },
    ],
  });
  await apiAs(page, request, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
  await pageWith(page, request, space.spaceId, '馆长办公室', [
    paragraph('office', '馆长办公室的门禁密码是七三九一，每周一更换。'),
  ]);
  await apiAs(page, request, 'POST', `/v1/ai/${space.spaceId}/enable`, { enable: true });
  await expect
    .poll(() => indexedDocuments(page, request, space.spaceId), { timeout: 30_000 })
    .toBe(2);
  const { token } = await apiAs<{ token: string }>(page, request, 'POST', '/v1/share', {
    targetType: 'topic',
    targetId: topicId,
    expiry: 'never',
    showComments: false,
    allowDownload: false,
    allowAi: true,
  });

  const visitor = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const guest = await visitor.newPage();
  await guest.goto(`/s/${token}`);
  await expect(guest.getByText('图书馆每周二到周日开放')).toBeVisible();
  await guest.getByRole('button', { name: '问 AI' }).click();
  const drawer = guest.getByRole('dialog', { name: '问 AI' });
  const box = drawer.getByRole('textbox', { name: '就分享的内容提问…' });
  const answer = drawer.getByTestId('share-ask-answer');

  // a question the other page answers: never cited nor quoted
  await box.fill('馆长办公室的门禁密码是多少？');
  await drawer.getByRole('button', { name: '提问' }).click();
  await expect(drawer.getByRole('button', { name: '提问' })).toBeVisible({ timeout: 20_000 });
  await expect(answer).not.toContainText('七三九一');
  await expect(answer.getByRole('button', { name: /馆长办公室/ })).toHaveCount(0);

  await box.fill('图书馆周几开放？');
  await drawer.getByRole('button', { name: '提问' }).click();
  await expect(answer.locator('.ai-markdown')).toContainText('周二到周日', { timeout: 20_000 });
  await answer
    .getByRole('button', { name: /开放时间/ })
    .first()
    .click();
  await expect(guest).toHaveURL(new RegExp(`/s/${token}\\?page=${pageId}$`));
  await visitor.close();
});
