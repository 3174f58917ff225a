#!/usr/bin/env node
// Screenshots of an empty page's start screen and of the space header against a running server
// (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-start.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user gets a space with a long name, a topic of one page (its card counts '1 item') and a
// new, empty page; shot in zh_CN, zh_TW and en_US, light and dark, desktop (1280) and 390 px: the
// start screen, the space's home with the header's '…' menu open, and the phone's space screen.
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

let storage;
let spaceId;
let pageId;
{
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('dialog').waitFor();
  await logInBySms(page);
  ({ spaceId } = await call(page, 'POST', '/v2/space', { name: '产品研发中心团队知识库' }));
  const topic = await call(page, 'POST', `/v2/space/${spaceId}/topic`, { name: '项目 A' });
  await call(page, 'POST', `/v2/space/${spaceId}/page`, {
    name: '项目计划',
    parentId: topic.topicId,
  });
  ({ pageId } = await call(page, 'POST', `/v2/space/${spaceId}/page`, { name: '本周例会' }));
  storage = await context.storageState();
  await context.close();
}

const moreLabel = { zh_CN: '空间操作', zh_TW: '空間操作', en_US: 'Space actions' };

for (const locale of ['zh_CN', 'zh_TW', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', undefined],
      ['390', phone],
    ]) {
      const { context, page } = await newPage({ locale, theme, storage, viewport });
      const name = `start-${locale}-${theme}-${size}`;
      const pagePath = viewport
        ? `/space-mobile/${spaceId}/page/${pageId}`
        : `/space/${spaceId}/page/${pageId}`;
      await page.goto(`${baseUrl}${pagePath}`);
      await page.locator('.page-start .template-card').first().waitFor();
      await page.locator('.page-body .bn-editor').waitFor();
      await shoot(page, `${name}-page`);
      if (viewport) {
        await page.goto(`${baseUrl}/space-mobile/${spaceId}`);
        await page.locator('.space-mobile-list').waitFor();
        await shoot(page, `${name}-space`);
      } else {
        await page.goto(`${baseUrl}/space/${spaceId}`);
        await page.getByRole('button', { name: moreLabel[locale], exact: true }).click();
        await page.getByRole('menuitem').first().waitFor();
        await shoot(page, `${name}-space`);
      }
      await context.close();
    }
  }
}
await browser.close();
