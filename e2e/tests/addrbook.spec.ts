// The address book end to end: A's invite link makes B, who registers with it by
// SMS, A's friend; A makes a team with a sub-team and invites B into the sub-team; B accepts under
// New invites; A gives the team a space; B reads a page there; A takes B out of the sub-team; B no
// longer reaches the space.
import { apiAs } from './support/api';
import { pageWith, paragraph } from './support/content';
import { expect, newMobile, test } from './support/fixtures';
import { loginBySms } from './support/login';
import { chooseMenuItem } from './support/menu';

test('a friend by invite link, a team for a space, and access that ends with the membership', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const mobileA = newMobile();
  const mobileB = newMobile();
  const nameA = `用户${mobileA.slice(-4)}`;
  const nameB = `用户${mobileB.slice(-4)}`;

  // A registers and keeps a space with one published page
  await page.goto('/');
  await loginBySms(page, mobileA);
  await expect(page).toHaveURL(/\/home$/);
  const space = await apiAs<{ spaceId: string }>(page, request, 'POST', '/v2/space', {
    name: '前端知识库',
  });
  const pageId = await pageWith(page, request, space.spaceId, '发布流程', [
    paragraph('p1', '每周四下午发布前端版本，先在预发环境验证。'),
  ]);

  // A copies the invite link from the add-friend dialog
  await page.goto('/addrbook');
  await page.getByRole('button', { name: '添加好友' }).first().click();
  const addFriend = page.getByRole('dialog', { name: '添加好友' });
  await addFriend.getByRole('tab', { name: '我的邀请链接' }).click();
  const link = await addFriend.getByRole('textbox', { name: '我的邀请链接' }).inputValue();
  expect(link).toMatch(/\/register\?c=\w+/);
  await page.keyboard.press('Escape');

  // B follows it, registers by SMS and lands as A's friend
  const contextB = await browser.newContext({ baseURL });
  const b = await contextB.newPage();
  const invite = new URL(link);
  await b.goto(`${invite.pathname}${invite.search}`);
  await loginBySms(b, mobileB);
  await expect(b.getByText(/已通过邀请链接/)).toBeVisible();
  await b.goto('/addrbook?section=friend');
  await expect(b.getByText(nameA).first()).toBeVisible();

  // A sees B among the friends, makes 研发部 › 前端组 and invites B into 前端组
  await page.goto('/addrbook?section=friend');
  await expect(page.getByText(nameB).first()).toBeVisible();
  await page.goto('/addrbook?section=team');
  await page.getByRole('button', { name: '新建团队' }).first().click();
  const create = page.getByRole('dialog', { name: '新建团队' });
  await create.getByLabel('团队名称').fill('研发部');
  await create.getByRole('button', { name: /创\s?建/ }).click();
  await expect(page.getByRole('heading', { name: '研发部' })).toBeVisible();
  await page.getByRole('button', { name: '新建子团队' }).click();
  const createSub = page.getByRole('dialog', { name: '新建子团队' });
  await createSub.getByLabel('团队名称').fill('前端组');
  await createSub.getByRole('button', { name: /创\s?建/ }).click();
  await expect(page.getByRole('heading', { name: '前端组' })).toBeVisible();
  await page.getByRole('button', { name: '添加成员' }).click();
  const addMembers = page.getByRole('dialog', { name: /前端组/ });
  await addMembers.getByLabel('从好友中选择').click();
  // antd draws its own option rows; the role=option elements are its screen-reader copies
  await page.locator('.ant-select-item-option', { hasText: nameB }).click();
  await addMembers.getByRole('button', { name: '发送邀请' }).click();
  await expect(addMembers).toBeHidden();

  // B accepts under New invites
  await b.goto('/addrbook?section=invite');
  await b.getByRole('button', { name: `同意：${nameA} 邀请你加入「前端组」` }).click();
  await expect(b.getByText('已加入「前端组」')).toBeVisible();

  // A gives the root team the space's reader role: its sub-teams' people read it
  await page.goto(`/space/${space.spaceId}`);
  await page.getByRole('button', { name: '空间操作', exact: true }).click();
  await chooseMenuItem(page, '空间设置');
  const settings = page.getByRole('dialog', { name: '空间设置' });
  await settings.getByRole('tab', { name: '成员' }).click();
  const readers = settings.getByRole('region', { name: '读者' });
  const picker = readers.getByRole('combobox', { name: '账号' });
  await picker.click();
  await picker.fill('研发');
  await page.locator('.ant-select-item-option', { hasText: '研发部' }).click();
  await expect(readers.getByText('团队 · 2 人')).toBeVisible();
  await page.keyboard.press('Escape');

  // B reads the page
  await b.goto(`/space/${space.spaceId}/page/${pageId}`);
  await expect(b.getByText('每周四下午发布前端版本')).toBeVisible();

  // A takes B out of 前端组; B's next look finds nothing
  await page.goto('/addrbook?section=team');
  await page.getByRole('treeitem', { name: /前端组/ }).click();
  await page.getByRole('button', { name: `将 ${nameB} 移出团队` }).click();
  await page.getByRole('dialog').getByRole('button', { name: '移出团队' }).click();
  await expect(page.getByText(`已将 ${nameB} 移出团队`)).toBeVisible();

  await b.reload();
  await expect(b.getByText('空间可能已删除，或你没有访问权限。')).toBeVisible();
  await expect(b.getByText('每周四下午发布前端版本')).toHaveCount(0);
  await contextB.close();
});
