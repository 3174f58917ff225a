// AI in the editor, in a real browser against the real server: a writer polishes a paragraph with
// a model (a fake OpenAI-compatible server on loopback), accepts it and undoes it; and, with no
// model at all, converts a whole page to Traditional Chinese, links and code untouched.
import type { Page } from '@playwright/test';
import { startFakeOpenAi } from '../../apps/server/test/fakes/openai';
import { expect, test } from './support/fixtures';
import { adminToken, apiAs, asAdmin } from './support/api';
import { newUserWithSpace, pageWith, paragraph } from './support/content';
import { chooseMenuItem } from './support/menu';

const block = (page: Page, id: string) =>
  page.locator(`.page-body .bn-editor .bn-block-outer[data-id="${id}"] .bn-inline-content`);
const panel = (page: Page) => page.getByRole('dialog', { name: 'AI 写作' });

async function openEditor(page: Page, url: string, firstBlock: string) {
  await page.goto(url);
  await expect(block(page, firstBlock)).toBeVisible();
  await expect(page.locator('.page-toolbar .page-save-status')).toHaveText(/已保存/);
}

test('a writer polishes a paragraph with the AI, accepts it as one change and undoes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const model = await startFakeOpenAi();
  model.chat = {
    kind: 'stream',
    pieces: ['图书馆每周二至周日', '开放，周一闭馆整理。'],
    pieceDelayMs: 50,
  };
  const admin = await adminToken(request);
  const provider = await asAdmin<{ id: string }>(request, admin, 'POST', '/system/v1/ai/provider', {
    name: '写作测试模型',
    baseUrl: model.baseUrl,
    apiKey: 'sk-e2e',
    chatModel: 'fake-chat',
    isDefault: true,
  });
  try {
    const space = await newUserWithSpace(page, request, '写作空间');
    await apiAs(page, request, 'POST', `/v1/ai/${space.spaceId}/enable`, { enable: true });
    const pageId = await pageWith(page, request, space.spaceId, '开放时间', [
      paragraph('hours', '图书馆嘛，一般来说周二到周日都是开着的，周一的话就关门整理书。'),
    ]);
    await openEditor(page, `/space/${space.spaceId}/page/${pageId}`, 'hours');

    // select the paragraph and open the AI with Ctrl+J
    await block(page, 'hours').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Control+j');
    await expect(panel(page)).toBeVisible();
    await panel(page).getByRole('option', { name: '润色' }).click();

    // the suggestion streams into the panel, apart from the page
    await expect(panel(page).getByText('图书馆每周二至周日开放，周一闭馆整理。')).toBeVisible();
    await expect(block(page, 'hours')).toHaveText(/一般来说/);
    const asked = model.requests.find((sent) => sent.path === '/chat/completions');
    expect(JSON.stringify(asked?.body)).toContain('一般来说周二到周日');

    await panel(page).getByRole('button', { name: '替换' }).click();
    await expect(panel(page)).toBeHidden();
    const text = page.locator('.page-body .bn-editor');
    await expect(text).toContainText('图书馆每周二至周日开放，周一闭馆整理。');
    await expect(text).not.toContainText('一般来说');

    // one undo takes the whole suggestion back
    await page.keyboard.press('Control+z');
    await expect(text).toContainText('一般来说周二到周日');
    await expect(text).not.toContainText('周一闭馆整理。');
  } finally {
    await asAdmin(request, admin, 'DELETE', `/system/v1/ai/provider/${provider.id}`);
    await model.close();
  }
});

test('with no model configured, a writer converts a whole page to Traditional Chinese', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const space = await newUserWithSpace(page, request, '简繁空间');
  const link = {
    id: 'link',
    type: 'paragraph',
    props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
    content: [
      { type: 'text', text: '下载软件请看', styles: {} },
      {
        type: 'link',
        href: 'https://example.com/软件',
        content: [{ type: 'text', text: '软件说明', styles: {} }],
      },
      { type: 'text', text: '，命令是 ', styles: {} },
      { type: 'text', text: 'npm install 软件', styles: { code: true } },
    ],
    children: [],
  };
  const pageId = await pageWith(page, request, space.spaceId, '软件说明', [
    paragraph('intro', '这个软件的鼠标设置在信息中心里。'),
    link,
  ]);
  const url = `/space/${space.spaceId}/page/${pageId}`;
  await openEditor(page, url, 'intro');

  await block(page, 'intro').click();
  await page.keyboard.press('Control+j');
  // the panel says the model is missing, and the conversions still run
  await expect(panel(page).getByRole('note')).toContainText('简繁转换不受影响');
  await expect(panel(page).getByRole('option', { name: '润色' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await panel(page).getByRole('option', { name: '整页转为繁體（台湾用语）' }).click();
  await expect(panel(page).getByText('這個軟體的滑鼠設定在資訊中心裡。')).toBeVisible();
  await panel(page).getByRole('button', { name: '替换' }).click();

  await expect(block(page, 'intro')).toHaveText('這個軟體的滑鼠設定在資訊中心裡。');
  await expect(block(page, 'link')).toContainText('下載軟體請看軟體說明，命令是 npm install 软件');
  await expect(block(page, 'link').locator('a')).toHaveAttribute(
    'href',
    'https://example.com/软件',
  );

  // kept: the draft the server reads follows the live document
  await expect
    .poll(
      async () => {
        const draft = await apiAs<{ blocks: Array<{ id: string; content: unknown }> }>(
          page,
          request,
          'GET',
          `/v2/space/page/${pageId}/block`,
        );
        return JSON.stringify(draft.blocks.find((one) => one.id === 'intro')?.content);
      },
      { timeout: 10_000 },
    )
    .toContain('這個軟體的滑鼠設定在資訊中心裡。');

  // from the tree: back to Simplified as a copy, which opens beside the original
  await page
    .getByRole('button', { name: '更多操作 軟體說明' })
    .or(page.getByRole('button', { name: '更多操作 软件说明' }))
    .click({ force: true });
  await chooseMenuItem(page, '简繁转换…');
  const dialog = page.getByRole('dialog', { name: /简繁转换/ });
  await dialog.getByLabel('简体（大陆用语）').check();
  await dialog.getByLabel('生成副本，保留原文').check();
  await dialog.getByRole('button', { name: '开始转换' }).click();
  await expect(page.getByText('已转换 1 个页面')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(pageId));
  await expect(page.locator('.page-body')).toContainText('这个软件的鼠标设置在信息中心里。');
  await expect(page.locator('.page-body')).toContainText('npm install 软件');
});
