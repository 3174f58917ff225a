import { expect, test } from './support/fixtures';
import { apiAs } from './support/api';
import { heading, newUserWithSpace, paragraph } from './support/content';
import { chooseMenuItem } from './support/menu';

test('a page from the 会议纪要 starter; a page saved as a space template and used', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '团队空间');
  await page.goto(`/space/${space.spaceId}`);

  // the empty space's start screen offers the gallery
  await page.getByRole('button', { name: '从模板新建' }).click();
  const gallery = page.getByRole('dialog', { name: '模板库' });
  await gallery.getByRole('option', { name: /会议纪要/ }).click();
  await expect(
    gallery.getByTestId('template-preview').getByRole('heading', { name: '会议议题' }),
  ).toBeVisible();
  await gallery.getByRole('button', { name: '使用此模板' }).click();

  await expect(page).toHaveURL(/\/page\//);
  const editor = page.locator('.page-body .bn-editor');
  await expect(editor).toBeVisible();
  await expect(page.getByRole('textbox', { name: '请输入标题' })).toHaveValue('会议纪要');
  await expect(editor.locator('h2')).toContainText([
    '会议议题',
    '讨论要点',
    '会议决定',
    '待办事项',
  ]);
  await expect(editor.locator('table').first()).toContainText('主持人');

  // a page of our own, saved as a template of this space from the tree's menu
  const own = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/page`,
    { name: '发布检查单' },
  );
  await apiAs(page, request, 'PUT', `/v2/space/page/${own.pageId}/block`, {
    baseRevision: 0,
    changes: [
      { op: 'upsert', blockId: 'h1', data: heading('h1', '上线前检查'), afterBlockId: null },
      { op: 'upsert', blockId: 'p1', data: paragraph('p1', '确认回滚方案。'), afterBlockId: 'h1' },
    ],
  });
  await page.goto(`/space/${space.spaceId}`);
  await page.getByRole('button', { name: '更多操作 发布检查单' }).click({ force: true });
  await chooseMenuItem(page, '另存为模板');
  const save = page.getByRole('dialog', { name: '另存为模板' });
  await save.getByLabel('模板名称').fill('上线检查模板');
  await save.getByLabel('描述').fill('每次发布前照着做');
  await save.getByRole('button', { name: '保存' }).click();
  await expect(save).toBeHidden();

  // new from template in the space's create menu, from the 'this space' tab
  await page.getByRole('button', { name: '新建', exact: true }).click();
  await chooseMenuItem(page, '从模板新建');
  await gallery.getByRole('tab', { name: '本空间模板' }).click();
  const card = gallery.getByRole('option', { name: /上线检查模板/ });
  await expect(card).toContainText('每次发布前照着做');
  await card.click();
  await expect(gallery.getByTestId('template-preview')).toContainText('确认回滚方案。');
  await gallery.getByRole('button', { name: '使用此模板' }).click();

  await expect(page).toHaveURL(/\/page\//);
  expect(page.url()).not.toContain(own.pageId);
  await expect(page.getByRole('textbox', { name: '请输入标题' })).toHaveValue('发布检查单');
  await expect(editor.locator('h2', { hasText: '上线前检查' })).toBeVisible();
  await expect(editor.getByText('确认回滚方案。')).toBeVisible();
});

test('a new page’s start screen: a starter fills the page, and it stays after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const space = await newUserWithSpace(page, request, '起步空间');
  const blank = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/page`,
    { name: '本周例会' },
  );
  await page.goto(`/space/${space.spaceId}/page/${blank.pageId}`);
  const start = page.getByRole('region', { name: '新页面' });
  await expect(start.getByRole('button', { name: /开始写作/ })).toBeVisible();
  await start.getByRole('button', { name: /会议纪要/ }).click();

  const editor = page.locator('.page-body .bn-editor');
  await expect(editor.locator('h2')).toContainText([
    '会议议题',
    '讨论要点',
    '会议决定',
    '待办事项',
  ]);
  await expect(start).toBeHidden();
  // the page keeps its own name
  await expect(page.getByRole('textbox', { name: '请输入标题' })).toHaveValue('本周例会');

  await page.reload();
  await expect(editor.locator('h2')).toContainText([
    '会议议题',
    '讨论要点',
    '会议决定',
    '待办事项',
  ]);
  await expect(start).toBeHidden();

  // 'start writing' leaves the start screen for the editor
  const other = await apiAs<{ pageId: string }>(
    page,
    request,
    'POST',
    `/v2/space/${space.spaceId}/page`,
    { name: '随手记' },
  );
  await page.goto(`/space/${space.spaceId}/page/${other.pageId}`);
  await start.getByRole('button', { name: /开始写作/ }).click();
  await expect(start).toBeHidden();
  await page.keyboard.type('先写一句');
  await expect(editor).toContainText('先写一句');
});
