import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberGroup, SpaceDetail } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { SpaceMemberSettings } from './SpaceMemberSettings';

const spaceId = '7a1f3c1e-0000-4000-8000-000000000201';
const ownerGroupId = '7a1f3c1e-0000-4000-8000-000000000301';
const readerGroupId = '7a1f3c1e-0000-4000-8000-000000000302';
const teamId = '7a1f3c1e-0000-4000-8000-000000000401';

const space: SpaceDetail = {
  spaceId,
  name: '产品手册',
  icon: null,
  description: '',
  openToVisitors: false,
  ownerId: '10001',
  role: 'owner',
  abilities: { canRead: true, canEdit: true, canManage: true, canDelete: true, canShare: true },
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
};

function start() {
  let groups: MemberGroup[] = [
    {
      memberGroupId: ownerGroupId,
      name: '所有者',
      isDefault: true,
      role: 'owner',
      members: [{ memberType: 'user', memberId: '10001', name: '小林', avatar: null }],
    },
    { memberGroupId: readerGroupId, name: '读者', isDefault: true, role: 'reader', members: [] },
  ];
  const groupPath = `/api/v2/space/memberGroup/${readerGroupId}`;
  const server = createFakeServer({
    [`GET /api/v2/space/${spaceId}/memberGroup`]: () => ({ body: { list: groups } }),
    [`PUT ${groupPath}`]: (request: RecordedRequest) => {
      const changes = request.body as Partial<MemberGroup>;
      groups = groups.map((group) =>
        group.memberGroupId === readerGroupId ? { ...group, ...changes, isDefault: false } : group,
      );
      return { body: null };
    },
    [`DELETE ${groupPath}`]: () => {
      groups = groups.filter((group) => group.memberGroupId !== readerGroupId);
      return { body: null };
    },
    'GET /api/v1/friend': {
      list: [
        {
          userId: '10002',
          nickname: '王芳',
          avatar: null,
          remark: '设计',
          groupId: 'g1',
          createdAt: '2025-03-01T08:00:00.000Z',
        },
      ],
      total: 1,
    },
    'GET /api/v1/team': {
      list: [
        {
          teamId: teamId,
          parentId: null,
          rootId: teamId,
          name: '研发部',
          ownerId: '10001',
          myRole: 'owner',
          canManage: true,
          memberCount: 12,
          createdAt: '2025-03-01T08:00:00.000Z',
        },
      ],
    },
    [`POST ${groupPath}/member`]: (request: RecordedRequest) => {
      const body = request.body as { memberType: string; teamId?: string; account?: string };
      const added =
        body.memberType === 'team'
          ? { memberType: 'team' as const, memberId: body.teamId!, name: '研发部', memberCount: 12 }
          : { memberType: 'user' as const, memberId: body.account!, name: '王芳' };
      groups = groups.map((group) =>
        group.memberGroupId === readerGroupId
          ? { ...group, members: [...group.members, { avatar: null, ...added }] }
          : group,
      );
      return { body: null };
    },
  });
  configureApiClient({ fetch: server.fetch, getToken: () => 'tok' });
  renderWithProviders(<SpaceMemberSettings space={space} />);
  return { server, groupPath };
}

describe('space member settings', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
  });
  afterEach(() => resetApiClient());

  it('leaves the owner group alone and renames, re-roles and deletes another group', async () => {
    const user = userEvent.setup();
    const { server, groupPath } = start();
    const owners = await screen.findByRole('region', { name: '所有者' });
    expect(within(owners).queryByRole('button', { name: /删除/ })).toBeNull();
    expect(within(owners).queryByRole('button', { name: /重命名/ })).toBeNull();

    const readers = screen.getByRole('region', { name: '读者' });
    await user.click(within(readers).getByRole('button', { name: '重命名 读者' }));
    const input = within(readers).getByLabelText('成员组名称');
    await user.clear(input);
    await user.type(input, '审稿人{Enter}');
    await waitFor(() => expect(server.find('PUT', groupPath)[0]?.body).toEqual({ name: '审稿人' }));
    const renamed = await screen.findByRole('region', { name: '审稿人' });

    await user.click(within(renamed).getByRole('button', { name: '删除 审稿人' }));
    const confirm = await screen.findAllByRole('button', { name: /^删\s?除$/ });
    await user.click(confirm.at(-1)!);
    await waitFor(() => expect(server.find('DELETE', groupPath)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: '审稿人' })).toBeNull());
  });

  it('adds a team from the picker, shows it with its people, and offers no teams to the owners', async () => {
    const user = userEvent.setup();
    const { server, groupPath } = start();
    const readers = await screen.findByRole('region', { name: '读者' });
    await user.click(within(readers).getByRole('combobox', { name: '账号' }));
    await user.type(within(readers).getByRole('combobox', { name: '账号' }), '研发');
    await user.click(await screen.findByText('研发部'));
    await waitFor(() =>
      expect(server.find('POST', `${groupPath}/member`)[0]?.body).toEqual({
        memberType: 'team',
        teamId,
      }),
    );
    expect(await within(readers).findByText('团队 · 12 人')).toBeTruthy();
    // a team in the group is not offered to it again
    await user.type(within(readers).getByRole('combobox', { name: '账号' }), '研发');
    expect(
      [...document.querySelectorAll('.ant-select-item-option')].filter((option) =>
        option.textContent?.includes('研发部'),
      ),
    ).toHaveLength(0);
    await user.clear(within(readers).getByRole('combobox', { name: '账号' }));

    // a friend is added by their ID; what is typed and not picked goes as an account
    await user.type(
      within(readers).getByRole('combobox', { name: '账号' }),
      'someone@example.com{Enter}',
    );
    await waitFor(() =>
      expect(server.find('POST', `${groupPath}/member`)[1]?.body).toEqual({
        memberType: 'user',
        account: 'someone@example.com',
      }),
    );

    const owners = screen.getByRole('region', { name: '所有者' });
    await user.click(within(owners).getByRole('combobox', { name: '账号' }));
    await user.type(within(owners).getByRole('combobox', { name: '账号' }), '研发');
    await waitFor(() => expect(server.find('GET', '/api/v1/friend').length).toBeGreaterThan(0));
    expect(screen.queryAllByText('研发部').filter((el) => owners.contains(el))).toHaveLength(0);
    expect(screen.queryByRole('option', { name: /研发部/ })).toBeNull();
  });

  it("names the groups a new space starts with in the reader's language, renamed ones as named", async () => {
    const { i18n } = await import('../../../lib/i18n');
    await act(() => i18n.changeLanguage('en_US'));
    try {
      start();
      expect(await screen.findByRole('region', { name: 'Owner' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Reader' })).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('zh_CN'));
    }
  });
});
