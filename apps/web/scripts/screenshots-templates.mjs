#!/usr/bin/env node
// Screenshots of the template gallery against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-templates.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// A new user gets a space with a topic saved as a space template; the gallery is shot on the
// starters (the 会议纪要 / meeting notes preview) and on 'this space' (a topic's outline), in
// zh_CN and en_US, light and dark, desktop and 390 px (the phone's space screen).
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

const paragraph = (id, text) => ({
  id,
  type: 'paragraph',
  props: {},
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

let storage;
let spaceId;
{
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('dialog').waitFor();
  await logInBySms(page);
  ({ spaceId } = await call(page, 'POST', '/v2/space', { name: '产品团队' }));
  const topic = await call(page, 'POST', `/v2/space/${spaceId}/topic`, { name: '项目 A' });
  for (const name of ['项目计划', '需求文档', '周会纪要']) {
    const { pageId } = await call(page, 'POST', `/v2/space/${spaceId}/page`, {
      name,
      parentId: topic.topicId,
    });
    await call(page, 'PUT', `/v2/space/page/${pageId}/block`, {
      baseRevision: 0,
      changes: [{ op: 'upsert', blockId: 'p', data: paragraph('p', name), afterBlockId: null }],
    });
  }
  await call(page, 'POST', '/v1/template', {
    scope: 'space',
    nodeId: topic.topicId,
    name: '项目空间模板',
    description: '计划、需求和周会三件套',
    cover: '🚀',
  });
  storage = await context.storageState();
  await context.close();
}

for (const locale of ['zh_CN', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', undefined],
      ['390', phone],
    ]) {
      const { context, page } = await newPage({ locale, theme, storage, viewport });
      const starter = locale === 'en_US' ? 'Meeting notes' : '会议纪要';
      if (viewport) {
        // the phone's space screen: the title bar's 'new from template'
        await page.goto(`${baseUrl}/space-mobile/${spaceId}`);
        const label = locale === 'en_US' ? 'New from template' : '从模板新建';
        await page.getByRole('button', { name: label }).click();
      } else {
        await page.goto(`${baseUrl}/space/${spaceId}`);
        await page.locator('.space-home-actions button').last().click();
      }
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('option').first().waitFor();
      const name = `templates-gallery-${locale}-${theme}-${size}`;
      if (size === 'desktop') await shoot(page, `${name}-list`);
      await dialog.getByRole('option', { name: new RegExp(starter) }).click();
      await dialog.getByTestId('template-preview').waitFor();
      await shoot(page, `${name}-starter`);
      if (size === '390') await dialog.locator('.template-back').click();
      await dialog.getByRole('tab').nth(2).click();
      await dialog.getByRole('option').first().click();
      await dialog.getByTestId('template-preview').waitFor();
      await shoot(page, `${name}-space`);
      await context.close();
    }
  }
}
await browser.close();
