#!/usr/bin/env node
// Screenshots of AI questions through a share, against a running server:
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-share-ai.mjs
// An owner shares a topic of published pages with AI questions (AI on, no model: the offline
// answerer); a guest asks, in zh_CN light at 1280 px and en_US dark at 390 px.
import {
  baseUrl,
  browser,
  call,
  desktop,
  logInBySms,
  newPage,
  phone,
  shoot,
} from './screenshot-kit.mjs';

const text = (value) => ({ type: 'text', text: value, styles: {} });
const block = (id, type, props, content) => ({ id, type, props, content, children: [] });

const { page: owner } = await newPage();
await owner.goto(`${baseUrl}/login`);
await logInBySms(owner);
const { spaceId } = await call(owner, 'POST', '/v2/space', { name: '城市开放图书馆', icon: '📚' });
const guide = await call(owner, 'POST', `/v2/space/${spaceId}/topic`, { name: '读者指南' });
for (const [name, body] of [
  ['借阅须知', '每位读者最多可同时借阅十本图书，借期三十天，可在到期前续借一次。'],
  ['开放时间', '图书馆每周二至周日 9:00–20:00 开馆，周一闭馆整理书架。'],
]) {
  const { pageId } = await call(owner, 'POST', `/v2/space/${spaceId}/page`, {
    name,
    parentId: guide.topicId,
  });
  await call(owner, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: [{ op: 'upsert', blockId: 'p', data: block('p', 'paragraph', {}, [text(body)]) }],
  });
  await call(owner, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
}
await call(owner, 'POST', `/v1/ai/${spaceId}/enable`, { enable: true });
for (let tries = 0; tries < 60; tries++) {
  const ai = await call(owner, 'GET', `/v1/ai/${spaceId}`);
  if (ai.index.pending === 0 && ai.index.documents === 2) break;
  await owner.waitForTimeout(500);
}
const { token } = await call(owner, 'POST', '/v1/share', {
  targetType: 'topic',
  targetId: guide.topicId,
  expiry: 'never',
  showComments: false,
  allowDownload: false,
  allowAi: true,
});

for (const [locale, theme, viewport, open, send, question] of [
  ['zh_CN', 'light', desktop, '问 AI', '提问', '图书馆周几开放？'],
  ['en_US', 'dark', phone, 'Ask AI', 'Ask', '图书馆周一开放吗？'],
]) {
  const { context, page } = await newPage({ locale, theme, viewport });
  await page.goto(`${baseUrl}/s/${token}`);
  await page.getByRole('button', { name: open }).waitFor();
  await shoot(page, `share-ai-viewer-${locale}-${theme}-${viewport.width}`);
  await page.getByRole('button', { name: open }).click();
  await page.locator('.share-ask textarea').fill(question);
  await page.getByRole('button', { name: send, exact: true }).click();
  await page.locator('.share-ask-reference').first().waitFor();
  await shoot(page, `share-ai-answer-${locale}-${theme}-${viewport.width}`);
  await context.close();
}
await browser.close();
