import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Clicks a dropdown menu's item once the menu has finished opening. While antd's opening
 * animation runs, the item moves under the pointer and a click can land on what lies beneath the
 * menu (seen in CI: the sidebar's 新建空间 click opened the recycle bin below it); a menu still
 * fading out covers what lies below it. antd marks a moving popup with its motion's `-appear`,
 * `-enter` or `-leave` class until the animation ends.
 */
export async function chooseMenuItem(page: Page, name: string | RegExp) {
  const item = page.getByRole('menuitem', { name }).filter({ visible: true });
  await expect(item).toBeVisible();
  await expect(
    page.locator('.ant-dropdown:is([class*="-appear"], [class*="-enter"], [class*="-leave"])'),
  ).toHaveCount(0);
  await item.click();
}
