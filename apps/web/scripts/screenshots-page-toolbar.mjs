#!/usr/bin/env node
// Screenshots of a page's toolbar (save state, share, export, versions, comments) on a 390 px
// phone and a 1280 px desktop, in three languages, light and dark, for the page's owner and for a
// reader; on the phone also with the toolbar's '…' menu open. Against a running server (which
// serves apps/web/dist) with SMS_FIXED_CODE (default 246810 here):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-page-toolbar.mjs
// Pictures go to <repo>/shots/page-toolbar-*.png.
import {
  baseUrl,
  browser,
  call,
  desktop,
  logInBySms,
  newPage,
  phone,
  randomPhone,
  shoot,
} from './screenshot-kit.mjs';

async function logIn(page, mobile) {
  await page.goto(`${baseUrl}/login`);
  await logInBySms(page, mobile);
}

try {
  const ownerMobile = randomPhone();
  const readerMobile = randomPhone();
  let readerStorage;
  {
    const { context, page } = await newPage();
    await logIn(page, readerMobile);
    readerStorage = await context.storageState();
    await context.close();
  }
  const { context, page } = await newPage();
  await logIn(page, ownerMobile);
  const ownerStorage = await context.storageState();
  const { spaceId } = await call(page, 'POST', '/v2/space', { name: '值班手册' });
  const { pageId } = await call(page, 'POST', `/v2/space/${spaceId}/page`, {
    name: '交接班流程',
    avatar: '📘',
  });
  await call(page, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: [
      {
        op: 'upsert',
        blockId: 'p1',
        afterBlockId: null,
        data: {
          id: 'p1',
          type: 'paragraph',
          props: {},
          content: [{ type: 'text', text: '每班结束前填写交接记录。', styles: {} }],
          children: [],
        },
      },
    ],
  });
  for (const content of ['第一条评论', '第二条评论', '第三条评论']) {
    await call(page, 'POST', `/v2/space/page/${pageId}/comment`, { content });
  }
  const group = await call(page, 'POST', `/v2/space/${spaceId}/memberGroup`, {
    name: '读者',
    role: 'reader',
  });
  await call(page, 'POST', `/v2/space/memberGroup/${group.memberGroupId}/member`, {
    memberType: 'user',
    account: readerMobile,
  });
  await call(page, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
  await context.close();

  const looks = [];
  for (const locale of ['zh_CN', 'zh_TW', 'en_US']) {
    for (const theme of ['light', 'dark']) {
      looks.push({ locale, theme, viewport: phone, name: 'phone' });
      looks.push({ locale, theme, viewport: desktop, name: 'desktop' });
    }
  }
  for (const [who, storage] of [
    ['owner', ownerStorage],
    ['reader', readerStorage],
  ]) {
    for (const look of looks) {
      if (who === 'reader' && look.theme === 'dark') continue;
      const { context: lookContext, page: lookPage } = await newPage({ ...look, storage });
      await lookPage.goto(`${baseUrl}/space/${spaceId}/page/${pageId}`);
      await lookPage.locator('.page-toolbar').waitFor();
      await lookPage.getByText('每班结束前填写交接记录。').first().waitFor();
      const name = `page-toolbar-${who}-${look.name}-${look.theme}-${look.locale}`;
      await shoot(lookPage, name);
      const more = lookPage.locator('.page-toolbar-more');
      if (await more.isVisible()) {
        await more.click();
        await lookPage.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
        await shoot(lookPage, `${name}-more`);
      }
      await lookContext.close();
    }
  }
} finally {
  await browser.close();
}
