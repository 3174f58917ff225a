// Mentions: '@' in the page editor and in the comment box offers the space's people; the one
// mentioned is told (their inbox), and the mention reads as '@nickname'.
import { expect, newMobile, test } from './support/fixtures';
import { apiAs } from './support/api';
import { addToSpace, newUserWithSpace, pageWith, paragraph } from './support/content';
import { loginBySms } from './support/login';

interface Inbox {
  list: Array<{ type: string; pageId: string; blockId: string | null; commentId: string | null }>;
  unread: number;
}

test('an editor mentions a colleague in the page and in a comment; the colleague is told of both', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '产品组');
  const pageId = await pageWith(page, request, space.spaceId, '发布计划', [
    paragraph('first', '负责人：'),
  ]);

  const mobile = newMobile();
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const colleague = await context.newPage();
  await colleague.goto('/');
  await loginBySms(colleague, mobile);
  await expect(colleague).toHaveURL(/\/home$/);
  const me = await apiAs<{ userId: string; nickname: string }>(
    colleague,
    request,
    'GET',
    '/v1/user',
  );
  await addToSpace(page, request, space.spaceId, 'editor', mobile);

  // in the page: '@', a few letters of the name, Enter
  await page.goto(`/space/${space.spaceId}/page/${pageId}`);
  const line = page.locator(
    '.page-body .bn-editor .bn-block-outer[data-id="first"] .bn-inline-content',
  );
  await expect(page.locator('.page-toolbar .page-save-status')).toHaveText(/已保存/);
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.type(`@${me.nickname.slice(-2)}`);
  await expect(page.locator('.bn-suggestion-menu-item', { hasText: me.nickname })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(line.locator('.page-mention')).toHaveText(`@${me.nickname}`);

  const inbox = () => apiAs<Inbox>(colleague, request, 'GET', '/v1/notification');
  await expect
    .poll(async () => (await inbox()).list.map((item) => `${item.type}:${item.blockId}`), {
      timeout: 15_000,
    })
    .toEqual(['mention:first']);

  // in a comment: '@', pick from the list, send
  await page.locator('.page-toolbar').getByRole('button', { name: /评论/ }).click();
  const drawer = page.locator('.page-comments-drawer');
  const box = drawer.getByPlaceholder('写下你的评论…');
  await box.click();
  await page.keyboard.type(`请 @${me.nickname.slice(-2)}`);
  await page.locator('.ant-mentions-dropdown-menu-item', { hasText: me.nickname }).click();
  await page.keyboard.type('确认一下');
  await drawer.getByRole('button', { name: '发送' }).click();
  await expect(drawer.locator('.page-comment-mention')).toHaveText(`@${me.nickname}`);
  await expect
    .poll(async () => (await inbox()).list.map((item) => item.type), { timeout: 15_000 })
    .toEqual(['mention', 'mention']);
  const [fromComment] = (await inbox()).list;
  expect(fromComment).toMatchObject({ pageId, commentId: expect.any(String) });
  await context.close();
});
