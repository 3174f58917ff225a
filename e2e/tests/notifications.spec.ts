// The inbox in the browser: a mention in a comment reaches the mentioned reader's bell while their
// page is open, without a reload, and opening it leads to the page, at the comment, and reads it.
import type { Browser } from '@playwright/test';
import { expect, newMobile, test } from './support/fixtures';
import { apiAs } from './support/api';
import { newUserWithSpace, pageWith, paragraph } from './support/content';
import { loginBySms } from './support/login';

/** A second person, logged in in a browser context of their own. */
async function newPerson(browser: Browser) {
  const mobile = newMobile();
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/');
  await loginBySms(page, mobile);
  await expect(page).toHaveURL(/\/home$/);
  return { mobile, context, page };
}

test('a mention lights the bell live; opening it goes to the page and reads it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { spaceId } = await newUserWithSpace(page, request, '通知空间');
  const pageId = await pageWith(page, request, spaceId, '借阅规则', [
    paragraph('rules', '每人可借十本'),
  ]);
  const reader = await newPerson(browser);
  const group = await apiAs<{ memberGroupId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${spaceId}/memberGroup`,
    { name: '读者', role: 'reader' },
  );
  await apiAs(page, request, 'POST', `/v2/space/memberGroup/${group.memberGroupId}/member`, {
    memberType: 'user',
    account: reader.mobile,
  });
  const { userId } = await apiAs<{ userId: string }>(reader.page, request, 'GET', '/v1/user');

  const bell = reader.page.locator('.app-header .notification-bell');
  await expect(bell).toBeVisible();
  await expect(bell.locator('.count-badge')).toHaveCount(0);

  await apiAs(page, request, 'POST', `/v2/space/page/${pageId}/comment`, {
    content: `请看 <@${userId}>`,
  });
  // the job that tells people polls each second; the stream brings it, no reload
  await expect(bell.locator('.count-badge')).toHaveText('1', { timeout: 15_000 });

  await bell.click();
  const inbox = reader.page
    .getByRole('dialog')
    .filter({ has: reader.page.locator('.notification-inbox') });
  const row = inbox.locator('.notification-row').first();
  await expect(row).toContainText('在「借阅规则」中提到了你');
  await expect(row).toContainText('请看 @');
  await expect(row.getByRole('img', { name: '未读' })).toBeVisible();
  await row.getByRole('link').click();

  await expect(reader.page).toHaveURL(new RegExp(`/space/${spaceId}/page/${pageId}\\?.*comment=`));
  await expect(reader.page.locator('.page-comments-drawer .page-comment.is-focused')).toContainText(
    '请看',
  );
  await expect(bell.locator('.count-badge')).toHaveCount(0);
  const inboxNow = await apiAs<{ unread: number; list: { read: boolean }[] }>(
    reader.page,
    request,
    'GET',
    '/v1/notification',
  );
  expect(inboxNow.unread).toBe(0);
  expect(inboxNow.list[0]?.read).toBe(true);
  await reader.context.close();
});
