#!/usr/bin/env node
// Screenshots of the AI chat and the model configuration against a running server (which serves
// apps/web/dist):
//   BASE_URL=http://127.0.0.1:3000 ADMIN_ACCOUNT=… ADMIN_PASSWORD=… node apps/web/scripts/screenshots-ai.mjs
// The server must run with SMS_FIXED_CODE (default 246810 here); the admin screen needs the
// administrator the server was started with. Pictures go to <repo>/shots/.
// A new user gets a space with two published Chinese pages and AI turned on; two conversations
// are asked through the real stream (offline answerer), one pinned. Then: the chat in light and
// dark, zh_CN and en_US, desktop and 390 px (list and chat), the space's AI settings, a space
// with AI off, and /sys/ai with a provider and its dialog.
import {
  baseUrl,
  browser,
  call,
  logInBySms,
  newPage,
  phone,
  shoot,
  token,
} from './screenshot-kit.mjs';

const adminAccount = process.env.ADMIN_ACCOUNT ?? 'admin@example.com';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'Admin12345';

/** Asks through the real answer stream and waits for its end (the server keeps the answer). */
async function ask(page, chatId, sessionId, question) {
  const response = await page.request.fetch(`${baseUrl}/api/v1/ai/chat/${chatId}/converse/stream`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token(page)}`, 'Content-Type': 'application/json' },
    data: JSON.stringify({ sessionId, question }),
  });
  const text = await response.text();
  if (!text.includes('"msg":"ok"')) throw new Error(`no final answer: ${text.slice(0, 300)}`);
}

function paragraph(id, text, type = 'paragraph') {
  return {
    id,
    type,
    props:
      type === 'heading'
        ? { textColor: 'default', backgroundColor: 'default', textAlignment: 'left', level: 2 }
        : { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
    content: [{ type: 'text', text, styles: {} }],
    children: [],
  };
}

async function publishedPage(page, spaceId, name, blocks) {
  const created = await call(page, 'POST', `/v2/space/${spaceId}/page`, { name });
  const draft = await call(page, 'GET', `/v2/space/page/${created.pageId}/block`);
  await call(page, 'PUT', `/v2/space/page/${created.pageId}/block`, {
    baseRevision: draft.revision,
    changes: blocks.map((block) => ({ op: 'upsert', blockId: block.id, data: block })),
  });
  await call(page, 'POST', `/v2/space/page/${created.pageId}/version`, { name: 'v1' });
  return created.pageId;
}

async function waitForIndex(page, spaceId, documents) {
  for (let tries = 0; tries < 120; tries += 1) {
    const ai = await call(page, 'GET', `/v1/ai/${spaceId}`);
    if (ai.index.pending === 0 && ai.index.documents >= documents) return ai;
    await page.waitForTimeout(500);
  }
  throw new Error('the index did not finish');
}

const looks = [
  { locale: 'zh_CN', theme: 'light' },
  { locale: 'zh_CN', theme: 'dark' },
  { locale: 'en_US', theme: 'light' },
  { locale: 'en_US', theme: 'dark' },
];

try {
  let storage;
  let spaceId;
  let offSpaceId;
  let firstSessionId;
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor();
    await logInBySms(page);
    const space = await call(page, 'POST', '/v2/space', { name: '市图书馆', icon: '书' });
    spaceId = space.spaceId;
    const off = await call(page, 'POST', '/v2/space', { name: '读书笔记', icon: '读' });
    offSpaceId = off.spaceId;
    await publishedPage(page, spaceId, '开放时间', [
      paragraph('h1', '开放时间', 'heading'),
      paragraph('hours', '公共图书馆每周二至周日上午九点开馆，晚上八点闭馆，每周一闭馆整理图书。'),
      paragraph('holiday', '法定节假日照常开放，春节期间闭馆三天，具体以公告为准。'),
    ]);
    await publishedPage(page, spaceId, '借阅规则', [
      paragraph('loan', '每位读者最多可以同时借阅十本图书，借期为三十天，到期前可以续借一次。'),
      paragraph('late', '逾期未还的图书每天收取滞纳金一角，逾期超过三十天将暂停借阅资格。'),
      paragraph(
        'renew',
        '读者可以在图书馆网站、自助借还机或服务台办理续借，续借后的借期从续借当天起重新计算三十天；已被其他读者预约的图书不能续借。',
      ),
    ]);
    const ai = await call(page, 'POST', `/v1/ai/${spaceId}/enable`, { enable: true });
    await waitForIndex(page, spaceId, 2);
    const chatId = ai.chat.id;
    const first = await call(page, 'POST', `/v1/ai/chat/${chatId}/session`, {
      name: '图书馆每周几闭馆？',
    });
    firstSessionId = first.id;
    await ask(page, chatId, first.id, '图书馆每周几闭馆？');
    await call(page, 'PUT', `/v1/ai/chat/session/${first.id}`, { isPinned: true });
    const second = await call(page, 'POST', `/v1/ai/chat/${chatId}/session`, {
      name: '逾期还书会怎样？',
    });
    await ask(page, chatId, second.id, '逾期还书会怎样？');
    storage = await context.storageState();
    await context.close();
  }

  for (const look of looks) {
    const suffix = `${look.theme}-${look.locale}`;
    {
      const { context, page } = await newPage({ ...look, storage });
      await page.goto(`${baseUrl}/space/${spaceId}/ai`);
      await page.locator('.ai-references').first().waitFor();
      await shoot(page, `ai-chat-${suffix}`);
      await context.close();
    }
    {
      const { context, page } = await newPage({ ...look, storage, viewport: phone });
      await page.goto(`${baseUrl}/space-mobile/${spaceId}/ai`);
      await page.locator('.ai-conversation-list').waitFor();
      await shoot(page, `ai-mobile-list-${suffix}`);
      await page.goto(`${baseUrl}/space-mobile/${spaceId}/ai/${firstSessionId}`);
      await page.locator('.ai-references').first().waitFor();
      await shoot(page, `ai-mobile-chat-${suffix}`);
      await context.close();
    }
  }
  {
    const { context, page } = await newPage({ storage });
    await page.goto(`${baseUrl}/space/${spaceId}`);
    await page.getByRole('button', { name: '空间操作', exact: true }).click();
    await page.getByRole('menuitem', { name: '空间设置' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'AI 问答' }).click();
    await page.getByText('索引状态').waitFor();
    await shoot(page, 'ai-space-settings');
    await page.keyboard.press('Escape');
    // a failed answer: the conversation is deleted behind the screen's back, so the stream
    // answers 404 (and the automatic rename fails too)
    await page.goto(`${baseUrl}/space/${spaceId}/ai`);
    await page.locator('.ai-references').first().waitFor();
    await page.locator('.ai-conversations-header').getByRole('button').click();
    await page.locator('.ai-conversation.is-active').waitFor();
    const ai = await call(page, 'GET', `/v1/ai/${spaceId}`);
    const sessions = await call(page, 'GET', `/v1/ai/chat/${ai.chat.id}/session`);
    const fresh = sessions.list.find((item) => item.name === '新对话');
    await call(page, 'DELETE', `/v1/ai/chat/session/${fresh.id}`);
    await page.getByPlaceholder('输入问题，Enter 发送，Shift+Enter 换行').fill('春节期间开放吗？');
    await page.keyboard.press('Enter');
    await page.locator('.ai-failure').waitFor();
    await page.locator('.ai-failure .ant-collapse-header').click();
    await shoot(page, 'ai-chat-failure');
    await page.goto(`${baseUrl}/space/${offSpaceId}/ai`);
    await page.locator('.ai-disabled').waitFor();
    await shoot(page, 'ai-chat-disabled');
    await context.close();
  }
  {
    const { context, page } = await newPage();
    await page.goto(`${baseUrl}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByPlaceholder('手机号 / 邮箱 / 用户 ID').fill(adminAccount);
    await dialog.getByPlaceholder('请输入密码').fill(adminPassword);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/home');
    // an unreachable provider only for the pictures; deleted again at the end, since a
    // configured embedding model would make every later indexing on this server fail
    const created = await call(page, 'POST', '/system/v1/ai/provider', {
      name: 'DeepSeek',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-screenshot',
      chatModel: 'deepseek-chat',
      embeddingModel: 'text-embedding-v3',
      embeddingDimension: 1024,
      rerankModel: null,
      isDefault: true,
    });
    const adminStorage = await context.storageState();
    await context.close();
    for (const look of looks) {
      const suffix = `${look.theme}-${look.locale}`;
      const shot = await newPage({ ...look, storage: adminStorage });
      await shot.page.goto(`${baseUrl}/sys/ai`);
      await shot.page.locator('.ai-providers .ant-table-row').first().waitFor();
      await shot.page.keyboard.press('Escape');
      await shoot(shot.page, `ai-providers-${suffix}`);
      if (look.theme === 'light') {
        await shot.page
          .locator('.ai-providers .ant-table-row')
          .first()
          .getByRole('button')
          .first()
          .click();
        await shot.page.locator('.ai-provider-form').waitFor();
        // 'test connection' against the unreachable address shows the failure with its message
        await shot.page
          .getByRole('dialog')
          .getByRole('button')
          .filter({ has: shot.page.locator('.anticon-api') })
          .click();
        await shot.page.locator('.ant-modal .ant-alert').waitFor({ timeout: 40_000 });
        await shoot(shot.page, `ai-provider-dialog-${suffix}`);
      }
      await shot.context.close();
    }
    const mobile = await newPage({ storage: adminStorage, viewport: phone });
    await mobile.page.goto(`${baseUrl}/sys/ai`);
    await mobile.page.locator('.ai-providers .ant-table-row').first().waitFor();
    await shoot(mobile.page, 'ai-providers-mobile');
    await call(mobile.page, 'DELETE', `/system/v1/ai/provider/${created.id}`);
    await mobile.context.close();
  }
} finally {
  await browser.close();
}
