#!/usr/bin/env node
/* global document, HTMLImageElement -- used inside page scripts, which run in the browser */
// Screenshots of shares, against a running server (which serves apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-share.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// An owner makes a space with a topic of published pages (one with an image and a PDF) and
// shares the topic with a password. Then, in zh_CN and en_US, light and dark, at 1280 and 390 px:
// the share dialog of a page (filled in, and with its link made), the password screen of the
// link, the unlocked read-only view, and the space's share list.
import { makePdf, makePng } from '../../../e2e/fixtures/documents.mjs';
import {
  baseUrl,
  browser,
  call,
  desktop,
  logInBySms,
  newPage,
  phone,
  shoot,
  token,
} from './screenshot-kit.mjs';

const text = (value) => ({ type: 'text', text: value, styles: {} });
const block = (id, type, props, content) => ({ id, type, props, content, children: [] });

async function upload(owner, spaceId, pageId, name, mimeType, buffer) {
  const response = await owner.request.post(
    `${baseUrl}/api/v3/space/${spaceId}/file?pageId=${pageId}`,
    {
      headers: { Authorization: `Bearer ${await token(owner)}` },
      multipart: { file: { name, mimeType, buffer } },
    },
  );
  const json = await response.json();
  if (json.code !== 0) throw new Error(`upload: ${json.code} ${json.msg}`);
  return json.data.fileId;
}

const { context: ownerContext, page: owner } = await newPage();
await owner.goto(`${baseUrl}/login`);
await logInBySms(owner);
const { spaceId } = await call(owner, 'POST', '/v2/space', {
  name: '城市开放图书馆',
  description: '开馆时间、借阅规则和活动安排。',
  icon: '📚',
});
const guide = await call(owner, 'POST', `/v2/space/${spaceId}/topic`, { name: '读者指南' });
const { pageId } = await call(owner, 'POST', `/v2/space/${spaceId}/page`, {
  name: '借阅须知',
  parentId: guide.topicId,
});
const imageId = await upload(
  owner,
  spaceId,
  pageId,
  '借阅流程.png',
  'image/png',
  makePng({ width: 480, height: 200, rgb: [64, 128, 200] }),
);
const pdfId = await upload(
  owner,
  spaceId,
  pageId,
  '借阅规则.pdf',
  'application/pdf',
  makePdf({ title: 'Borrowing rules', pages: 1 }),
);
await call(owner, 'PUT', `/v2/space/page/${pageId}/block`, {
  baseRevision: 0,
  changes: [
    block('h1', 'heading', { level: 2 }, [text('借阅规则')]),
    block('p1', 'paragraph', {}, [
      text('每位读者最多可同时借阅十本图书，借期三十天，可在到期前续借一次。'),
    ]),
    block('img', 'image', { url: `/v3/space/file/${imageId}`, name: '借阅流程.png' }),
    block('doc', 'file', { url: `/v3/space/file/${pdfId}`, name: '借阅规则.pdf' }),
  ].map((data) => ({ op: 'upsert', blockId: data.id, data })),
});
await call(owner, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
const { pageId: hoursId } = await call(owner, 'POST', `/v2/space/${spaceId}/page`, {
  name: '开放时间',
  parentId: guide.topicId,
});
await call(owner, 'PUT', `/v2/space/page/${hoursId}/block`, {
  baseRevision: 0,
  changes: [
    {
      op: 'upsert',
      blockId: 'p',
      data: block('p', 'paragraph', {}, [text('每周二至周日 9:00–20:00 开馆。')]),
    },
  ],
});
await call(owner, 'POST', `/v2/space/page/${hoursId}/version`, { name: 'v1' });
const share = await call(owner, 'POST', '/v1/share', {
  targetType: 'topic',
  targetId: guide.topicId,
  password: 'read2026',
  expiry: '30d',
  showComments: true,
  allowDownload: true,
  allowAi: false,
});
await call(owner, 'POST', '/v1/share', {
  targetType: 'page',
  targetId: pageId,
  expiry: 'never',
  showComments: false,
  allowDownload: false,
  allowAi: false,
});
const storage = await ownerContext.storageState();

const texts = {
  zh_CN: {
    share: '分享',
    create: '创建分享链接',
    unlock: '查看内容',
    settings: '空间设置',
    actions: '空间操作',
    tab: '分享',
  },
  en_US: {
    share: 'Share',
    create: 'Create link',
    unlock: 'View',
    settings: 'Space settings',
    actions: 'Space actions',
    tab: 'Shares',
  },
};

for (const locale of ['zh_CN', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    for (const [size, viewport] of [
      ['desktop', desktop],
      ['phone', phone],
    ]) {
      const name = (what) => `share-${what}-${locale}-${theme}-${size}`;
      const words = texts[locale];

      // the share dialog of a page
      const { context, page } = await newPage({ locale, theme, viewport, storage });
      await page.goto(`${baseUrl}/space/${spaceId}/page/${pageId}`);
      await page.locator('.page-share-button').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="password"]').fill('read2026');
      await shoot(page, name('dialog'));
      await dialog.getByRole('button', { name: words.create }).click();
      await dialog.locator('.share-made').waitFor();
      await shoot(page, name('dialog-made'));
      await context.close();

      // the space's share list (its settings, from the header's '…' menu on the desktop)
      if (size === 'desktop') {
        const { context: listContext, page: listPage } = await newPage({
          locale,
          theme,
          viewport,
          storage,
        });
        await listPage.goto(`${baseUrl}/space/${spaceId}`);
        await listPage.getByRole('button', { name: words.actions, exact: true }).click();
        await listPage.getByRole('menuitem', { name: words.settings }).click();
        await listPage.getByRole('tab', { name: words.tab }).click();
        await listPage.locator('.share-list-item').first().waitFor();
        await shoot(listPage, name('list'));
        await listContext.close();
      }

      // the link, opened without an account
      const { context: guestContext, page: guest } = await newPage({ locale, theme, viewport });
      await guest.goto(`${baseUrl}${share.path}`);
      await guest.locator('.share-lock-card').waitFor();
      await shoot(guest, name('password'));
      await guest.locator('input[type="password"]').fill('read2026');
      await guest.getByRole('button', { name: words.unlock }).click();
      await guest.locator('.share-page .bn-visual-media').waitFor();
      await guest.waitForFunction(() => {
        const image = document.querySelector('.share-page .bn-visual-media');
        return image instanceof HTMLImageElement && image.naturalWidth > 0;
      });
      await shoot(guest, name('view'));
      await guestContext.close();
    }
  }
}
await ownerContext.close();
await browser.close();
