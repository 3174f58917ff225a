#!/usr/bin/env node
// Screenshots of the inbox with a few notifications of each kind (a folded row of mentions, a
// reply, a comment, a new version, yesterday's and older ones read): the bell's drawer on a
// 1280 px desktop in zh_CN light and en_US dark, the phone's /notifications in zh_CN at 390 px,
// and a page's toolbar with its watch toggle. Against a running server (which serves
// apps/web/dist) with SMS_FIXED_CODE (default 246810 here):
//   BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-notifications.mjs
// Pictures go to <repo>/shots/notifications-*.png.
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

async function person(nickname) {
  const { context, page } = await newPage();
  await page.goto(`${baseUrl}/login`);
  await logInBySms(page, randomPhone());
  await call(page, 'PUT', '/v1/user', { nickname });
  const me = await call(page, 'GET', '/v1/user');
  return { context, page, storage: await context.storageState(), userId: me.userId };
}

function paragraph(id, text) {
  return {
    op: 'upsert',
    blockId: id,
    data: { id, type: 'paragraph', props: {}, content: [{ type: 'text', text, styles: {} }] },
  };
}

/** Waits until the reader has `count` notifications (the job that makes them polls each second). */
async function until(page, count) {
  for (let tries = 0; tries < 60; tries += 1) {
    const inbox = await call(page, 'GET', '/v1/notification?pageSize=50');
    if (inbox.total >= count) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`fewer than ${count} notifications came`);
}

try {
  const owner = await person('林小书');
  const zhang = await person('张三');
  const li = await person('李四');
  const { spaceId } = await call(owner.page, 'POST', '/v2/space', { name: '读者服务' });
  const pages = {};
  for (const name of ['借阅规则', '开馆时间']) {
    const { pageId } = await call(owner.page, 'POST', `/v2/space/${spaceId}/page`, { name });
    await call(owner.page, 'PUT', `/v2/space/page/${pageId}/block`, {
      baseRevision: 0,
      changes: [paragraph('intro', `${name}：每人可借十本，借期三十天。`)],
    });
    await call(owner.page, 'POST', `/v2/space/page/${pageId}/version`, { name: 'v1' });
    pages[name] = pageId;
  }
  const group = await call(owner.page, 'POST', `/v2/space/${spaceId}/memberGroup`, {
    name: '馆员',
    role: 'editor',
  });
  for (const member of [zhang, li]) {
    const { mobile } = await call(member.page, 'GET', '/v1/user');
    await call(owner.page, 'POST', `/v2/space/memberGroup/${group.memberGroupId}/member`, {
      memberType: 'user',
      account: mobile,
    });
  }
  const rules = pages['借阅规则'];
  const hours = pages['开馆时间'];
  const mine = await call(owner.page, 'POST', `/v2/space/page/${hours}/comment`, {
    content: '周末是否延长开放？',
  });
  await call(li.page, 'POST', `/v2/space/page/${hours}/comment`, {
    content: '同意，建议周六开到晚上九点。',
  });
  await call(zhang.page, 'POST', `/v2/space/page/${hours}/comment`, {
    parentId: mine.commentId,
    content: '已和后勤确认，下月起周末开到 21:00。',
  });
  await call(zhang.page, 'POST', `/v2/space/page/${rules}/version`, { name: 'v2 新增续借规则' });
  for (const text of [
    `<@${owner.userId}> 请确认逾期罚金的标准`,
    `<@${owner.userId}> 续借次数写成两次可以吗？<@${li.userId}> 也看看`,
    `还有一处要 <@${owner.userId}> 定：学生证是否可以代借`,
  ]) {
    await call(zhang.page, 'POST', `/v2/space/page/${rules}/comment`, {
      content: text,
      blockId: 'intro',
    });
  }
  await until(owner.page, 6);
  await owner.context.close();

  for (const shot of [
    {
      name: 'notifications-drawer-zh_CN-light',
      locale: 'zh_CN',
      theme: 'light',
      viewport: desktop,
    },
    { name: 'notifications-drawer-en_US-dark', locale: 'en_US', theme: 'dark', viewport: desktop },
    {
      name: 'notifications-drawer-zh_TW-light',
      locale: 'zh_TW',
      theme: 'light',
      viewport: desktop,
    },
    { name: 'notifications-phone-zh_CN-light', locale: 'zh_CN', theme: 'light', viewport: phone },
    { name: 'notifications-phone-en_US-dark', locale: 'en_US', theme: 'dark', viewport: phone },
  ]) {
    const { context, page } = await newPage({ ...shot, storage: owner.storage });
    await page.goto(`${baseUrl}/home`);
    const bell = page.locator('.app-header .notification-bell');
    await bell.locator('.count-badge').waitFor();
    await bell.click();
    if (shot.viewport === phone) await page.waitForURL('**/notifications');
    await page.locator('.notification-row').first().waitFor();
    await shoot(page, shot.name);
    if (shot.name === 'notifications-drawer-zh_CN-light') {
      await page.locator('.notification-toolbar').getByText('未读', { exact: true }).click();
      await page.waitForTimeout(500);
      await shoot(page, 'notifications-drawer-zh_CN-unread');
      // the folded row of mentions leads to the page, at the block and the comment
      await page.locator('.notification-toolbar').getByText('全部', { exact: true }).click();
      await page.locator('.notification-row a').first().click();
      await page.locator('.page-comments-drawer .page-comment.is-focused').waitFor();
      await shoot(page, 'notifications-opened-page-zh_CN');
    }
    await context.close();
  }
  for (const shot of [
    { name: 'notifications-watch-desktop-zh_CN', viewport: desktop },
    { name: 'notifications-watch-phone-zh_CN', viewport: phone },
  ]) {
    const { context, page } = await newPage({ viewport: shot.viewport, storage: li.storage });
    await page.goto(`${baseUrl}/space/${spaceId}/page/${rules}`);
    await page.locator('.page-toolbar').waitFor();
    await page.waitForTimeout(800);
    if (shot.viewport === desktop) {
      await page.locator('.page-watch-button').hover();
      await page.waitForTimeout(400);
    } else if (await page.locator('.page-toolbar-more').isVisible()) {
      await page.locator('.page-toolbar-more').click();
    }
    await shoot(page, shot.name);
    await context.close();
  }
  const { context, page } = await newPage({ storage: li.storage });
  await page.goto(`${baseUrl}/home`);
  await page.locator('.app-header .notification-bell').click();
  await page.locator('.notification-inbox').waitFor();
  await page.waitForTimeout(800);
  await shoot(page, 'notifications-drawer-few-zh_CN');
  await context.close();
  await zhang.context.close();
  await li.context.close();
} finally {
  await browser.close();
}
