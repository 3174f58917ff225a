#!/usr/bin/env node
// Screenshots of a space open to visitors, against a running server (which serves
// apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-visitor.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here). Pictures go to <repo>/shots/.
// An owner makes a space with a topic, published pages and a draft, turns its AI on and opens
// it to visitors. Then, in zh_CN and en_US, light and dark: the anonymous visitor's space root,
// a published page and the AI tab asking to log in (1280 px), the phone's open space list, a
// space's content list and a page (390 px), and a logged-in visitor's view with its 访客 tag.
import { baseUrl, browser, call, logInBySms, newPage, phone, shoot } from './screenshot-kit.mjs';

const text = (value) => ({ type: 'text', text: value, styles: {} });
const block = (id, type, props, content) => ({ id, type, props, content, children: [] });

async function pageWith(owner, spaceId, name, parentId, blocks, publish) {
  const { pageId } = await call(owner, 'POST', `/v2/space/${spaceId}/page`, { name, parentId });
  await call(owner, 'PUT', `/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: blocks.map((data) => ({ op: 'upsert', blockId: data.id, data })),
  });
  if (publish) await call(owner, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
  return pageId;
}

const { context: ownerContext, page: owner } = await newPage();
await owner.goto(`${baseUrl}/login`);
await logInBySms(owner);
const { spaceId } = await call(owner, 'POST', '/v2/space', {
  name: '城市开放图书馆',
  description: '开馆时间、借阅规则和活动安排，对所有读者开放。',
  icon: '📚',
});
const guide = await call(owner, 'POST', `/v2/space/${spaceId}/topic`, { name: '读者指南' });
const hours = await pageWith(
  owner,
  spaceId,
  '开放时间',
  guide.topicId,
  [
    block('h1', 'heading', { level: 2 }, [text('开馆与闭馆')]),
    block('p1', 'paragraph', {}, [
      text('城市开放图书馆每周二至周日上午九点开馆，晚上八点闭馆；每周一闭馆整理图书。'),
    ]),
    block('p2', 'paragraph', {}, [text('法定节假日照常开放，除夕与春节当天闭馆。')]),
  ],
  true,
);
await pageWith(
  owner,
  spaceId,
  '借阅规则',
  guide.topicId,
  [block('p3', 'paragraph', {}, [text('每位读者最多同时借阅十本图书，借期三十天，可续借一次。')])],
  true,
);
await pageWith(
  owner,
  spaceId,
  '内部筹备（草稿）',
  null,
  [block('p4', 'paragraph', {}, [text('新馆预算尚未公开。')])],
  false,
);
await call(owner, 'POST', `/v1/ai/${spaceId}/enable`, { enable: true });
await call(owner, 'PUT', `/v2/space/${spaceId}`, { openToVisitors: true });
await ownerContext.close();

for (const locale of ['zh_CN', 'en_US']) {
  for (const theme of ['light', 'dark']) {
    const look = `${locale}-${theme}`;
    const { context, page } = await newPage({ locale, theme });
    await page.goto(`${baseUrl}/open/${spaceId}`);
    await page.getByRole('treeitem', { name: /读者指南/ }).waitFor();
    await shoot(page, `visitor-space-${look}`);
    await page.getByRole('treeitem', { name: /读者指南/ }).click();
    await page.getByRole('treeitem', { name: /开放时间/ }).click();
    await page.getByText('每周一闭馆整理图书').waitFor();
    await shoot(page, `visitor-page-${look}`);
    await page.goto(`${baseUrl}/open-space/${spaceId}/ai`);
    await page.locator('.ant-result').waitFor();
    await shoot(page, `visitor-ai-${look}`);
    await context.close();

    const mobile = await newPage({ locale, theme, viewport: phone });
    await mobile.page.goto(`${baseUrl}/open-space/mobile`);
    await mobile.page.getByText('城市开放图书馆').first().waitFor();
    await shoot(mobile.page, `visitor-mobile-list-${look}`);
    await mobile.page.getByText('城市开放图书馆').first().click();
    await mobile.page.getByText('读者指南').waitFor();
    await shoot(mobile.page, `visitor-mobile-space-${look}`);
    // a shared page link on a phone: the guard keeps the space and page in the query
    await mobile.page.goto(`${baseUrl}/open-space/${spaceId}/page/${hours}`);
    await mobile.page.getByText('每周一闭馆整理图书').waitFor();
    await shoot(mobile.page, `visitor-mobile-page-${look}`);
    await mobile.context.close();
  }
}

// a logged-in visitor (not a member) in the member view
const { context, page } = await newPage();
await page.goto(`${baseUrl}/login`);
await logInBySms(page);
await page.goto(`${baseUrl}/open/${spaceId}`);
await page.locator('.space-visitor-tag').waitFor();
await page.locator('.space-visitor-tag').hover();
await shoot(page, 'visitor-logged-in-zh_CN-light');
await context.close();
await browser.close();
