import { expect, newMobile, test } from './support/fixtures';
import { loginBySms } from './support/login';

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
