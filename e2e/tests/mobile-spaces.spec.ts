import type { Locator, Page } from '@playwright/test';
import { apiAs } from './support/api';
import { newUserWithSpace } from './support/content';
import { expect, newMobile, test } from './support/fixtures';
import { loginBySms } from './support/login';
import { chooseMenuItem } from './support/menu';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('my spaces on a phone: create the first space with an emoji icon, open it, come back', async ({
  page,
}) => {
  await page.goto('/login');
  await loginBySms(page, newMobile());
  await page.goto('/space-mobile');
  await expect(page.getByText('还没有空间')).toBeVisible();

  await page.locator('.space-mobile-empty').getByRole('button', { name: '新建空间' }).click();
  const dialog = page.getByRole('dialog', { name: '新建空间' });
  await dialog.getByLabel('名称').fill('值班手册');
  await dialog.getByRole('option', { name: '📚' }).click();
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(page).toHaveURL(/\/space-mobile\/[^/]+$/);
  await expect(page.getByRole('heading', { name: '值班手册' })).toBeVisible();

  await page.getByRole('link', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/space-mobile$/);
  const group = page.getByRole('region', { name: '我的空间' });
  await expect(group.getByText('值班手册')).toBeVisible();
  await expect(group.getByText('📚')).toBeVisible();
  // the icon is drawn by the emoji font the app ships, whatever the machine's fonts
  await expect
    .poll(() =>
      page.evaluate(() => {
        let loaded = false;
        document.fonts.forEach((face) => {
          if (face.family.replace(/"/g, '') === 'Library Emoji' && face.status === 'loaded') {
            loaded = true;
          }
        });
        return loaded;
      }),
    )
    .toBe(true);
});

/** The vertical middles of the toolbar's visible parts, and the toolbar's height. */
async function toolbarRows(toolbar: Locator) {
  return toolbar.evaluate((bar) => {
    const parts = Array.from(
      bar.querySelectorAll('.page-toolbar-status, .page-toolbar-actions > *'),
    );
    const middles = parts.map((part) => {
      const box = part.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    });
    return { parts: parts.length, middles, height: bar.getBoundingClientRect().height };
  });
}

/** The page's four actions in each language, and what opens for each. */
const toolbarLanguages = [
  { locale: 'zh_CN', more: '更多操作', actions: ['分享', '导出', '版本', '评论'] },
  { locale: 'zh_TW', more: '更多操作', actions: ['分享', '匯出', '版本', '評論'] },
  { locale: 'en_US', more: 'More actions', actions: ['Share', 'Export', 'Versions', 'Comments'] },
];

function opened(page: Page, index: number): Locator {
  return [
    page.getByRole('dialog', { name: /分享“交接班流程”/ }),
    page.getByRole('dialog', { name: /导出“交接班流程”/ }),
    page.locator('.page-versions-drawer'),
    page.locator('.page-comments-drawer'),
  ][index]!;
}

test('a page’s toolbar on a phone is one row in every language; the rest is in its … menu', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { spaceId } = await newUserWithSpace(page, request, '值班手册');
  const { pageId } = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${spaceId}/page`,
    { name: '交接班流程' },
  );
  // a count beside 评论 makes the row longer
  await apiAs(page, request, 'POST', `/v2/space/page/${pageId}/comment`, { content: '请补充夜班' });
  const toolbar = page.locator('.page-toolbar');

  for (const language of toolbarLanguages) {
    await page.evaluate((locale) => localStorage.setItem('locale', locale), language.locale);
    await page.goto(`/space-mobile/${spaceId}/page/${pageId}`);
    const more = toolbar.getByRole('button', { name: language.more });
    await expect(more).toBeVisible();
    // the status settles first ('connecting…' is wider than 'saved'): the row is laid out again
    // when it does, and actions move between the row and the menu
    await expect(toolbar.locator('.page-save-status[data-status="saved"]')).toBeVisible();

    const rows = await toolbarRows(toolbar);
    expect(rows.parts, language.locale).toBeGreaterThanOrEqual(3);
    for (const middle of rows.middles) {
      expect(Math.abs(middle - rows.middles[0]!), language.locale).toBeLessThanOrEqual(1);
    }
    // one row of 32 px buttons and the toolbar's padding, not two
    expect(rows.height, language.locale).toBeLessThan(50);

    // every action is on the row or in the menu, once
    const onRow = await toolbar.locator('.page-toolbar-actions > .ant-btn').allInnerTexts();
    await more.click();
    const menu = page.getByRole('menu').filter({ visible: true });
    await expect(menu).toBeVisible();
    const inMenu = await menu.getByRole('menuitem').allInnerTexts();
    const named = (texts: string[]) =>
      language.actions.filter((action) => texts.some((text) => text.includes(action)));
    expect(inMenu.length, language.locale).toBeGreaterThan(0);
    expect([...named(onRow), ...named(inMenu)].sort(), language.locale).toEqual(
      [...language.actions].sort(),
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    if (language.locale !== 'zh_CN') continue;
    // each action in the menu opens what its button opens
    for (const action of named(inMenu)) {
      await page.reload();
      await more.click();
      await chooseMenuItem(page, new RegExp(action));
      await expect(opened(page, language.actions.indexOf(action))).toBeVisible();
    }
  }
});
