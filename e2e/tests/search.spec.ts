import { expect, test } from './support/fixtures';
import { newUserWithSpace, pageWith, paragraph, heading } from './support/content';

test('Ctrl+K, Chinese keywords, Enter opens the page at the matching block', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '行政空间');
  // the matching block sits below a long page, so opening the result has to scroll to it
  const filler = Array.from({ length: 40 }, (_, index) =>
    paragraph(`filler-${index}`, `第${index + 1}条：一般事项说明。`),
  );
  const rulesPage = await pageWith(page, request, space.spaceId, '公司规章制度', [
    ...filler,
    heading('leave-heading', '请假'),
    paragraph('leave-block', '员工请年假须提前三个工作日在系统中提交申请，由直属主管审批。'),
  ]);
  await pageWith(page, request, space.spaceId, '报销流程', [
    paragraph('claim-block', '差旅报销在出差结束后十五天内提交。'),
  ]);

  await page.goto(`/space/${space.spaceId}`);
  await expect(page.getByRole('button', { name: /搜索/ }).first()).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('textbox', { name: '搜索' });
  await expect(box).toBeFocused();
  // the page's index job runs after its save: poll until the result is there
  await box.fill('年假');
  const result = dialog.getByRole('option').filter({ hasText: '公司规章制度' });
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result.locator('mark')).toHaveText(['年假']);
  await expect(dialog.getByText('页面', { exact: true })).toBeVisible();
  await expect(result).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/space/${space.spaceId}/page/${rulesPage}\\?block=leave-block$`),
  );
  const block = page.locator('.page-body .bn-block-outer[data-id="leave-block"]');
  await expect(block).toBeInViewport({ timeout: 15_000 });
  await expect(block.locator('> .bn-block')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)', {
    timeout: 2000,
  });

  // pinyin initials, keyboard navigation, recent searches, Esc
  await page.keyboard.press('Control+k');
  await expect(dialog.getByText('最近搜索')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /年假/ })).toBeVisible();
  await box.fill('gzzd');
  await expect(dialog.getByRole('option').first()).toContainText('公司规章制度');
  await box.fill('流程');
  await expect(dialog.getByRole('option').first()).toContainText('报销流程');
  await box.press('ArrowDown');
  await box.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the header search entry, Chinese keywords, filters, Enter opens the page at the block', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const space = await newUserWithSpace(page, request, '手机空间');
    const filler = Array.from({ length: 40 }, (_, index) =>
      paragraph(`filler-${index}`, `第${index + 1}条：一般事项说明。`),
    );
    const rulesPage = await pageWith(page, request, space.spaceId, '差旅管理办法', [
      ...filler,
      paragraph('hotel-block', '出差住宿标准按城市等级执行，一线城市每晚不超过六百元。'),
    ]);

    await page.goto(`/space-mobile/${space.spaceId}`);
    await page.getByRole('button', { name: '搜索' }).first().tap();
    const dialog = page.getByRole('dialog');
    const box = dialog.getByRole('textbox', { name: '搜索' });
    await expect(box).toBeFocused();
    await box.fill('住宿标准');
    const result = dialog.getByRole('option').filter({ hasText: '差旅管理办法' });
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result.locator('mark').first()).toContainText('住宿');
    // the filters fit the phone's width and narrow the results
    const updated = dialog.getByRole('combobox', { name: '更新时间' });
    await expect(updated).toBeInViewport();
    await dialog.getByRole('combobox', { name: '作者' }).click();
    await page.getByRole('option', { name: '我创建的' }).click();
    await expect(result).toBeVisible();
    await dialog.getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: '文件' }).click();
    await expect(dialog.getByText('没有找到相关内容')).toBeVisible();
    await dialog.getByRole('combobox', { name: '类型' }).click();
    await page.getByRole('option', { name: '页面' }).click();
    await expect(result).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`/space-mobile/${space.spaceId}/page/${rulesPage}\\?block=hotel-block$`),
    );
    const block = page.locator('.bn-block-outer[data-id="hotel-block"]');
    await expect(block).toBeInViewport({ timeout: 15_000 });
  });
});
