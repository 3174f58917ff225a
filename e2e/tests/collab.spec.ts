// Live co-editing in the browser: two editors in one paragraph at once, one of them offline for a
// while, and a reader who gets the published view and no socket.
import type { Browser, Page } from '@playwright/test';
import { expect, newMobile, test } from './support/fixtures';
import { apiAs } from './support/api';
import { addToSpace, newUserWithSpace, pageWith, paragraph } from './support/content';
import { logOut, loginBySms } from './support/login';

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

const line = (page: Page) =>
  page.locator('.page-body .bn-editor .bn-block-outer[data-id="shared"] .bn-inline-content');
/** The paragraph's text without the others' carets (their labels name them). */
const typed = (page: Page) =>
  line(page).evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.bn-collaboration-cursor__base').forEach((caret) => caret.remove());
    return copy.textContent;
  });
const status = (page: Page) => page.locator('.page-toolbar .page-save-status');

/** Opens the page in the editor and puts the cursor at the end of the shared paragraph. */
async function openAtEnd(page: Page, url: string) {
  await page.goto(url);
  await expect(line(page)).toBeVisible();
  await expect(status(page)).toHaveText(/已保存/);
  await line(page).click();
  await page.keyboard.press('End');
}

test('two editors type into the same paragraph at once; one goes offline and both merge', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '协作空间');
  const pageId = await pageWith(page, request, space.spaceId, '周会纪要', [
    paragraph('shared', '议题：'),
  ]);
  const url = `/space/${space.spaceId}/page/${pageId}`;
  const other = await newPerson(browser);
  await addToSpace(page, request, space.spaceId, 'editor', other.mobile);

  await openAtEnd(page, url);
  await openAtEnd(other.page, url);
  // each sees the other among the people on the page
  await expect(page.locator('.page-people .page-person')).toHaveCount(2);
  await expect(other.page.locator('.page-people .page-person')).toHaveCount(2);

  await Promise.all([
    page.keyboard.type('预算', { delay: 40 }),
    other.page.keyboard.type('招聘', { delay: 40 }),
  ]);
  const typedAt = Date.now();
  await expect
    .poll(
      async () => {
        const [mine, theirs] = await Promise.all([typed(page), typed(other.page)]);
        return mine === theirs ? mine : `${mine} ≠ ${theirs}`;
      },
      { timeout: 1_000, intervals: [50] },
    )
    .toMatch(/^议题：(?=.*预)(?=.*算)(?=.*招)(?=.*聘).{4}$/);
  expect(Date.now() - typedAt).toBeLessThan(1_000);
  // the other's caret is drawn in their colour
  await expect(page.locator('.bn-collaboration-cursor__caret')).toHaveCount(1);

  // offline: typing goes on and is counted; the other keeps typing too
  await other.context.setOffline(true);
  await expect(status(other.page)).toHaveText(/离线/);
  await other.page.keyboard.type('（离线）');
  await expect(status(other.page)).toHaveText(/离线，\d+ 处修改待同步/);
  await page.keyboard.type('（在线）');
  await expect(line(other.page)).not.toContainText('（在线）');

  await other.context.setOffline(false);
  await expect(status(other.page)).toHaveText(/已保存/, { timeout: 15_000 });
  for (const editor of [page, other.page]) {
    await expect(line(editor)).toContainText('（离线）');
    await expect(line(editor)).toContainText('（在线）');
  }
  await expect.poll(async () => (await typed(page)) === (await typed(other.page))).toBe(true);

  // what both typed is the page's: after a reload, and in its draft for everything else
  const merged = await typed(page);
  await other.context.close();
  await page.reload();
  await expect(line(page)).toHaveText(merged!);
  await expect
    .poll(async () => {
      const draft = await apiAs<{ blocks: Array<{ content: Array<{ text: string }> }> }>(
        page,
        request,
        'GET',
        `/v2/space/page/${pageId}/block`,
      );
      return draft.blocks[0]?.content.map((piece) => piece.text).join('');
    })
    .toBe(merged);

  // logging out on purpose leaves none of the user's pages on this device
  const copies = () =>
    page.evaluate(async () =>
      (await indexedDB.databases())
        .map((database) => database.name ?? '')
        .filter((name) => name.startsWith('library:')),
    );
  expect(await copies()).not.toEqual([]);
  await logOut(page);
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(copies).toEqual([]);
});

test('a reader reads the published page and opens no socket; an editor demoted is put back to reading', async ({
  page,
  browser,
  request,
}) => {
  const space = await newUserWithSpace(page, request, '只读空间');
  const pageId = await pageWith(page, request, space.spaceId, '制度', [
    paragraph('shared', '第一条'),
  ]);
  const url = `/space/${space.spaceId}/page/${pageId}`;
  const reader = await newPerson(browser);
  const editor = await newPerson(browser);
  await addToSpace(page, request, space.spaceId, 'reader', reader.mobile);
  const editors = await addToSpace(page, request, space.spaceId, 'editor', editor.mobile);

  const sockets: string[] = [];
  reader.page.on('websocket', (socket) => sockets.push(socket.url()));
  await reader.page.goto(url);
  await expect(reader.page.locator('.page-body').getByText('第一条')).toBeVisible();
  await expect(reader.page.locator('.page-toolbar').getByText('只读')).toBeVisible();
  await expect(reader.page.locator('.page-people')).toHaveCount(0);
  // long enough for an editor's page to have connected
  await reader.page.waitForTimeout(1_500);
  expect(sockets).toEqual([]);

  await editor.page.goto(url);
  await expect(status(editor.page)).toHaveText(/已保存/);
  await apiAs(page, request, 'PUT', `/v2/space/memberGroup/${editors}`, {
    name: '编辑',
    role: 'reader',
  });
  await expect(editor.page.locator('.page-toolbar').getByText('只读')).toBeVisible({
    timeout: 10_000,
  });
  await expect(editor.page.locator('.page-body .bn-editor[contenteditable="true"]')).toHaveCount(0);
  await reader.context.close();
  await editor.context.close();
});
