#!/usr/bin/env node
// Screenshots of import and export against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-transfer.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user imports a .zip of Markdown (one image missing, so the report lists it); then the
// export dialog and the import report are shot in zh_CN, zh_TW and en_US, light and dark,
// desktop and 390 px.
import { Buffer } from 'node:buffer';
import { strToU8, zipSync } from 'fflate';
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

const archive = Buffer.from(
  zipSync({
    '员工手册/入职指南.md': strToU8(
      '# 入职指南\n\n| 事项 | 负责人 |\n| - | - |\n| 领取电脑 | 行政部 |\n\n![工牌](工牌.png)\n\n见[报销制度](报销制度.md)。\n',
    ),
    '员工手册/报销制度.md': strToU8('# 报销制度\n\n- 差旅\n- 办公用品\n'),
  }),
);

const first = await newPage({ locale: 'zh_CN' });
await first.page.goto(`${baseUrl}/`);
await logInBySms(first.page);
const space = await call(first.page, 'POST', '/v2/space', { name: '人事资料' });
const storage = await first.context.storageState();
await first.context.close();

const shots = [
  { locale: 'zh_CN', theme: 'light', viewport: undefined, suffix: '' },
  { locale: 'zh_TW', theme: 'light', viewport: undefined, suffix: '' },
  { locale: 'en_US', theme: 'light', viewport: undefined, suffix: '' },
  { locale: 'zh_CN', theme: 'dark', viewport: undefined, suffix: '' },
  { locale: 'zh_CN', theme: 'light', viewport: phone, suffix: '-390' },
];
let imported = false;
for (const { locale, theme, viewport, suffix } of shots) {
  const { context, page } = await newPage({
    locale,
    theme,
    storage,
    ...(viewport ? { viewport } : {}),
  });
  const name = `transfer-${locale}-${theme}${suffix}`;
  if (!viewport) {
    await page.goto(`${baseUrl}/space/${space.spaceId}`);
    // the import dialog with its report (the first run imports; later ones import again)
    await page.locator('.space-toolbar .ant-btn-primary').click();
    await page.locator('.ant-dropdown-menu-item').last().click();
    await page.locator('.ant-modal input[type=file]').setInputFiles({
      name: '员工手册.zip',
      mimeType: 'application/zip',
      buffer: archive,
    });
    await page.getByTestId('transfer-report').waitFor();
    await shoot(page, `${name}-import-report`);
    await page.locator('.ant-modal-footer .ant-btn').click();
    imported = true;
    // the export dialog of the space
    await page.locator('.space-title-actions .anticon-more').click();
    await page.locator('.ant-dropdown-menu-item .anticon-export').click();
    await page.locator('.ant-modal .ant-radio-wrapper').first().waitFor();
    await shoot(page, `${name}-export`);
  } else if (imported) {
    await page.goto(`${baseUrl}/space/${space.spaceId}`);
    await page.waitForTimeout(1500);
    await shoot(page, `${name}-space`);
  }
  await context.close();
}
await browser.close();
