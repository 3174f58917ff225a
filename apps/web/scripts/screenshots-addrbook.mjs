#!/usr/bin/env node
// Screenshots of the address book against a running server (which serves
// apps/web/dist), started with SMS_FIXED_CODE:
//   SMS_FIXED_CODE=246810 BASE_URL=http://127.0.0.1:3000 node apps/web/scripts/screenshots-addrbook.mjs
// Sets up six people through the API — friends by invite code, a friend request, groups and a
// remark, a team tree with roles in a space, an invitation and a join request — then shoots as
// 林小书: the three sections (desktop: list and detail side by side; 390 px: the list, then the
// detail), the add-friend dialog with the invite link's QR code, the move and new-team dialogs,
// the groups dialog, and the join card another person sees through the team's join link. Pictures go to
// <repo>/shots/addrbook-*.png in zh_CN and en_US, light and dark (LOCALES=… for others), plus
// zh_TW once.
/* global localStorage -- used inside page scripts, which run in the browser */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  baseUrl,
  browser,
  desktop,
  networkQuiet,
  newPage,
  phone,
  randomPhone,
  shoot,
  smsCode,
} from './screenshot-kit.mjs';

const locales = (process.env.LOCALES ?? 'zh_CN,en_US').split(',');

function text(locale) {
  return JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, `../src/locales/${locale}/addrbook.json`),
      'utf8',
    ),
  );
}

/** Registers a phone by SMS through the API; answers `{token, user}`. */
async function register(request, nickname) {
  const mobile = randomPhone();
  const sent = await request.post(`${baseUrl}/api/v1/user/smsCode`, { data: { mobile } });
  const { smsToken } = (await sent.json()).data;
  const login = await request.post(`${baseUrl}/api/v1/user/smsCodeRegLogin`, {
    data: {
      smsCode,
      smsToken,
      inviteCode: '',
      client: { client: 'web', deviceId: crypto.randomUUID(), deviceName: 'shots', version: '0.1' },
    },
  });
  const { token, user } = (await login.json()).data;
  const person = { token, user: { ...user, nickname }, mobile };
  await as(request, person, 'PUT', '/v1/user', { nickname });
  return person;
}

/** Calls the API as `person`; answers `data`. */
async function as(request, person, method, url, body) {
  const response = await request.fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${person.token}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (json.code !== 0) throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A browser context logged in as `person` (the token in storage and cookie). */
async function pageAs(person, options) {
  const { context, page } = await newPage(options);
  await context.addInitScript((token) => localStorage.setItem('token', token), person.token);
  await context.addCookies([{ name: 'token', value: person.token, url: baseUrl }]);
  return { context, page };
}

try {
  const { context: setup } = await newPage();
  const request = setup.request;
  const lin = await register(request, '林小书');
  const chen = await register(request, '陈思远');
  const wang = await register(request, '王雨桐');
  const zhao = await register(request, '赵一鸣');
  const emily = await register(request, 'Emily Zhang');
  const zhou = await register(request, '周晓梅');

  // friends by invite code (friends at once), one request waiting for 林小书's answer
  for (const other of [chen, wang, zhao, emily]) {
    const { inviteCode } = await as(request, other, 'GET', '/v1/user/inviteCode');
    await as(request, lin, 'PUT', '/v1/friend/inviteCode', { inviteCode });
  }
  await as(request, zhou, 'POST', '/v1/friend/request', {
    account: lin.user.userId,
    message: '你好，我是周晓梅，上周读书会上见过',
  });
  const { groupId: colleagues } = await as(request, lin, 'POST', '/v1/friend/group', {
    name: '同事',
  });
  await as(request, lin, 'POST', '/v1/friend/group', { name: '同学' });
  await as(request, lin, 'PUT', `/v1/friend/${chen.user.userId}`, {
    groupId: colleagues,
    remark: '陈工（产品）',
  });
  await as(request, lin, 'PUT', `/v1/friend/${wang.user.userId}`, { groupId: colleagues });

  // a team tree: 产品部 › 设计组, 研发组 › 前端
  const product = await as(request, lin, 'POST', '/v1/team', { name: '产品部' });
  const design = await as(request, lin, 'POST', '/v1/team', {
    name: '设计组',
    parentId: product.teamId,
  });
  const dev = await as(request, lin, 'POST', '/v1/team', {
    name: '研发组',
    parentId: product.teamId,
  });
  const frontend = await as(request, lin, 'POST', '/v1/team', {
    name: '前端',
    parentId: dev.teamId,
  });
  await as(request, lin, 'POST', `/v1/team/${product.teamId}/member`, {
    userId: chen.user.userId,
    role: 'admin',
  });
  await as(request, lin, 'POST', `/v1/team/${product.teamId}/member`, {
    userId: wang.user.userId,
    role: 'member',
  });
  await as(request, lin, 'POST', `/v1/team/${design.teamId}/member`, {
    userId: wang.user.userId,
    role: 'member',
  });
  await as(request, lin, 'POST', `/v1/team/${product.teamId}/invitation`, {
    userId: emily.user.userId,
    message: '',
  });
  // 王雨桐's own team invites 林小书; 周晓梅 asks to join 产品部 through its link
  const books = await as(request, wang, 'POST', '/v1/team', { name: '读书会' });
  await as(request, wang, 'POST', `/v1/team/${books.teamId}/invitation`, {
    userId: lin.user.userId,
    message: '周六下午一起读《人类简史》',
  });
  const joinCode = await as(request, lin, 'GET', `/v1/team/${product.teamId}/joinCode`);
  await as(request, zhou, 'POST', '/v1/team/join', {
    code: joinCode.code,
    message: '想参与新版阅读器的设计讨论',
  });
  // a space holding the team, for the team's spaces
  const space = await as(request, lin, 'POST', '/v2/space', { name: '产品手册', icon: '📘' });
  const { memberGroupId } = await as(
    request,
    lin,
    'POST',
    `/v2/space/${space.spaceId}/memberGroup`,
    {
      name: '产品团队',
      role: 'editor',
    },
  );
  await as(request, lin, 'POST', `/v2/space/memberGroup/${memberGroupId}/member`, {
    memberType: 'team',
    teamId: product.teamId,
  });
  const invites = await as(request, lin, 'GET', '/v1/addrbook/invite?page=0&pageSize=20');
  const teamInvite = invites.list.find(
    (item) => item.kind === 'teamInvitation' && item.direction === 'received',
  );
  await setup.close();

  const shots = [];
  for (const locale of locales) {
    for (const theme of ['light', 'dark']) {
      for (const size of ['desktop', 'phone']) shots.push({ locale, theme, size, full: true });
    }
  }
  shots.push({ locale: 'zh_TW', theme: 'light', size: 'desktop', full: false });

  for (const { locale, theme, size, full } of shots) {
    const tag = `${locale}-${theme}-${size}`;
    const viewport = size === 'desktop' ? desktop : phone;
    const words = text(locale);
    const { context, page } = await pageAs(lin, { locale, theme, viewport });
    const settle = async () => {
      await page.locator('.addrbook-screen').waitFor();
      await networkQuiet(page);
    };

    // My friends: the card (on a phone, the list first)
    if (size === 'phone') {
      await page.goto(`${baseUrl}/addrbook?section=friend`);
      await settle();
      await shoot(page, `addrbook-friends-list-${tag}`);
    }
    await page.goto(`${baseUrl}/addrbook/friend/${chen.user.userId}`);
    await settle();
    await shoot(page, `addrbook-friend-${tag}`);

    // My teams: the team (on a phone, the tree first)
    if (size === 'phone') {
      await page.goto(`${baseUrl}/addrbook?section=team`);
      await settle();
      await shoot(page, `addrbook-teams-list-${tag}`);
    }
    await page.goto(`${baseUrl}/addrbook/team/${product.teamId}`);
    await settle();
    await shoot(page, `addrbook-team-${tag}`);

    // New invites: the list, then one invite
    await page.goto(`${baseUrl}/addrbook?section=invite`);
    await settle();
    await shoot(page, `addrbook-invites-${tag}`);
    if (teamInvite) {
      await page.goto(`${baseUrl}/addrbook/invite/${teamInvite.inviteId}`);
      await settle();
      await shoot(page, `addrbook-invite-${tag}`);
    }

    if (full) {
      // the add-friend dialog: by account, and my link with its QR code
      await page.goto(`${baseUrl}/addrbook?section=friend`);
      await settle();
      await page.getByRole('button', { name: words.addFriend.title }).first().click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `addrbook-add-friend-${tag}`);
      await page.getByRole('tab', { name: words.addFriend.myLink }).click();
      await page.locator('.addrbook-qr canvas, .addrbook-qr svg').first().waitFor();
      await shoot(page, `addrbook-invite-link-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      // moving a sub-team, and a new team
      await page.goto(`${baseUrl}/addrbook/team/${frontend.teamId}`);
      await settle();
      await page.getByRole('button', { name: words.teams.moreActions }).click();
      await page.getByRole('menuitem', { name: words.teams.move }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').locator('.ant-select').click();
      await page.locator('.ant-select-tree-title').first().waitFor();
      await shoot(page, `addrbook-move-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').locator('.ant-modal-close').click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.goto(`${baseUrl}/addrbook?section=team`);
      await settle();
      await page.getByRole('button', { name: words.teams.create }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: words.teams.createOk }).click();
      await page.getByRole('dialog').getByText(words.teams.nameRequired).waitFor();
      await shoot(page, `addrbook-new-team-${tag}`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      // managing groups
      await page.goto(`${baseUrl}/addrbook?section=friend`);
      await settle();
      await page.getByRole('button', { name: words.groups.manage }).click();
      await page.locator('.addrbook-groups-row').first().waitFor();
      await shoot(page, `addrbook-groups-${tag}`);
      await page.keyboard.press('Escape');
      await context.close();

      // the join card another person sees through the team's join link
      const visitor = await pageAs(emily, { locale, theme, viewport });
      await visitor.page.goto(`${baseUrl}${joinCode.link}`);
      await visitor.page.locator('.addrbook-join-card').waitFor();
      await networkQuiet(visitor.page);
      await shoot(visitor.page, `addrbook-join-${tag}`);
      await visitor.context.close();
    } else {
      await context.close();
    }
  }
} finally {
  await browser.close();
}
