#!/usr/bin/env node
// Screenshots of the Ctrl+K search modal against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-search.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/:
// zh_CN, zh_TW and en_US, light and dark, desktop and a 390 px phone; results with the filters
// (updated within a week; the author list open on the light desktop), and recent searches.
import {
  baseUrl,
  browser,
  call,
  desktop,
  logInBySms,
  networkQuiet,
  newPage,
  phone,
  randomPhone,
  shoot,
} from './screenshot-kit.mjs';

const paragraph = (id, text) => ({
  id,
  type: 'paragraph',
  props: {},
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

const mobile = randomPhone();
const seed = await newPage();
await seed.page.goto(`${baseUrl}/login`);
await logInBySms(seed.page, mobile);
const space = await call(seed.page, 'POST', '/v2/space', { name: '行政手册' });
const spaceId = space.spaceId;
const pages = [
  [
    '公司规章制度',
    ['员工请年假须提前三个工作日在系统中提交申请，由直属主管审批。', '考勤以打卡记录为准。'],
  ],
  ['年假与调休', ['年假天数按工龄计算：满一年五天，满十年十天。']],
  ['差旅报销流程', ['出差结束后十五天内提交报销，附上发票与行程单。']],
];
for (const [name, texts] of pages) {
  const created = await call(seed.page, 'POST', `/v2/space/${spaceId}/page`, { name });
  await call(seed.page, 'PUT', `/v2/space/page/${created.pageId}/block`, {
    baseRevision: 0,
    changes: texts.map((text, i) => ({
      op: 'upsert',
      blockId: `b${i}`,
      afterBlockId: i === 0 ? null : `b${i - 1}`,
      data: paragraph(`b${i}`, text),
    })),
  });
}
await call(seed.page, 'POST', `/v2/space/${spaceId}/topic`, { name: '假期制度' });
await call(seed.page, 'POST', '/v1/note', {
  title: '年假安排备忘',
  content: [paragraph('n1', '七月休年假五天，交接给小王。')],
});
const storage = await seed.context.storageState();
await seed.context.close();
await new Promise((resolve) => setTimeout(resolve, 3000)); // the index jobs

const words = { zh_CN: '年假', zh_TW: '年假', en_US: '年假' };
for (const locale of ['zh_CN', 'zh_TW', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ]) {
      const { context, page } = await newPage({ locale, theme, viewport, storage });
      const path = size === 'phone' ? `/space-mobile/${spaceId}` : `/space/${spaceId}`;
      await page.goto(`${baseUrl}${path}`);
      await networkQuiet(page);
      // the header (and its Ctrl+K listener) is drawn once the shell has loaded
      await page
        .locator(
          size === 'phone' ? '.app-header-mobile .header-actions button' : '.search-launcher',
        )
        .first()
        .waitFor();
      // a phone has no keyboard shortcut: its header's search button
      if (size === 'phone')
        await page.locator('.app-header-mobile .header-actions button').first().click();
      else await page.keyboard.press('Control+k');
      const box = page.getByRole('dialog').getByRole('textbox');
      await box.waitFor();
      await box.fill(words[locale]);
      await page.getByRole('option').first().waitFor();
      // the filters: type, author, updated — 'within a week'
      const filters = page.getByRole('dialog').getByRole('combobox');
      await filters.nth(2).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(2).click();
      await page.getByRole('option').first().waitFor();
      await box.press('ArrowDown');
      await shoot(page, `search-${locale}-${theme}-${size}`);
      if (theme === 'light') {
        await filters.nth(1).click();
        await page.locator('.ant-select-dropdown:visible').waitFor();
        await shoot(page, `search-${locale}-${theme}-${size}-author`);
        await box.click(); // closes the list, not the modal
      }
      if (theme === 'light' && locale !== 'zh_TW') {
        await box.fill('');
        // Esc closes an open list first, then the modal
        const dialog = page.getByRole('dialog');
        while (await dialog.isVisible()) await page.keyboard.press('Escape');
        if (size === 'phone')
          await page.locator('.app-header-mobile .header-actions button').first().click();
        else await page.keyboard.press('Control+k');
        await shoot(page, `search-${locale}-${theme}-${size}-recent`);
      }
      await context.close();
    }
  }
}
await browser.close();
