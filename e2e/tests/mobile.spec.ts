import { expect, newMobile, test } from './support/fixtures';
import { loginBySms } from './support/login';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a mobile-width viewport is sent from /space to /space-mobile and /open-space to its mobile view', async ({
  page,
}) => {
  await page.goto('/login');
  await loginBySms(page, newMobile());
  await page.goto('/space/abc');
  await expect(page).toHaveURL(/\/space-mobile\/abc$/);
  // the phone's open space view keeps the space; a logged-in user goes on to the member view
  await page.goto('/open-space/abc/page/p1');
  await expect(page).toHaveURL(/\/space-mobile\/abc\/page\/p1$/);
});

test('the device mode follows the window width across 992 px', async ({ page }) => {
  await page.goto('/login');
  await loginBySms(page, newMobile());
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/space/abc');
  await expect(page).toHaveURL(/\/space\/abc$/);
  await page.setViewportSize({ width: 991, height: 800 });
  await page.goto('/space/abc');
  await expect(page).toHaveURL(/\/space-mobile\/abc$/);
});
