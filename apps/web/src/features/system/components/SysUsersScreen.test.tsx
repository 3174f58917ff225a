import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Role,
  featureNames,
  type AdminUser,
  type Feature,
  type SystemRole,
} from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { SysUsersScreen } from './SysUsersScreen';

const gib = 1024 ** 3;

function user(n: number, extra: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: String(10000 + n),
    nickname: `用户${n}`,
    avatar: null,
    mobile: `1380013${String(n).padStart(4, '0')}`,
    email: null,
    state: 'normal',
    roles: [],
    createdAt: '2026-11-01T08:00:00.000Z',
    lastLoginAt: null,
    storageBytes: 1536 * 1024,
    ...extra,
  };
}

const roles: SystemRole[] = [
  { name: Role.admin, title: '管理员', builtin: true, resources: [], features: {}, userCount: 1 },
  {
    name: Role.default,
    title: '默认角色',
    builtin: true,
    resources: [],
    features: {},
    userCount: 0,
  },
  { name: 'EDITOR', title: '编辑', builtin: false, resources: [], features: {}, userCount: 2 },
];

const quotaLimits = {
  spaces: 50,
  spaceBytes: 20 * gib,
  groupsPerSpace: 50,
  friends: 1000,
  teams: 20,
  personalBytes: 20 * gib,
  filesPerSpace: 100000,
  fileBytes: 2 * gib,
  teamMembersPerTeam: 500,
  teamMembersTotal: 2000,
  aiWritesPerMonth: 200,
};

const allOn = Object.fromEntries(featureNames.map((name) => [name, true])) as Record<
  Feature,
  boolean
>;

function start(options: { total?: number; pendingCount?: number; list?: AdminUser[] } = {}) {
  const { total = 3, pendingCount = 0 } = options;
  const list = options.list ?? [user(1), user(2, { roles: ['EDITOR'] }), user(3)];
  let permission = { features: { ...allOn }, overrides: {} as Record<string, boolean> };
  const server = createFakeServer({
    'GET /api/system/v1/users': (request: RecordedRequest) => ({
      body: {
        list,
        total,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
        pendingCount,
      },
    }),
    'GET /api/system/v1/roles': { list: roles },
    'PUT /api/system/v1/users/10002/state': (request: RecordedRequest) => ({
      body: { ...user(2), ...(request.body as object) },
    }),
    'PUT /api/system/v1/users/10009/approval': () => ({ body: user(9) }),
    'GET /api/system/v1/users/10001/permission': () => ({ body: permission }),
    'PUT /api/system/v1/users/10001/permission': (request: RecordedRequest) => {
      const changes = (request.body as { overrides: Record<string, boolean | null> }).overrides;
      const overrides = { ...permission.overrides };
      const features = { ...permission.features };
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) {
          delete overrides[name];
          features[name as Feature] = true;
        } else {
          overrides[name] = value;
          features[name as Feature] = value;
        }
      }
      permission = { features, overrides };
      return { body: permission };
    },
    'GET /api/system/v1/users/10001/quota': {
      limits: quotaLimits,
      usage: { spaces: 3, personalBytes: 5 * gib, friends: 0, teams: 0 },
      overrides: {},
    },
    'PUT /api/system/v1/users/10001/quota': (request: RecordedRequest) => ({
      body: {
        limits: quotaLimits,
        usage: { spaces: 3, personalBytes: 0, friends: 0, teams: 0 },
        overrides: (request.body as { overrides: object }).overrides,
      },
    }),
  });
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(<SysUsersScreen />);
  return server;
}

afterEach(() => {
  queryClient.clear();
  resetApiClient();
});

const lastListQuery = (server: ReturnType<typeof start>) =>
  Object.fromEntries(server.find('GET', '/api/system/v1/users').at(-1)?.query ?? []);

async function openRowMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `更多：${name}` }));
}

describe('SysUsersScreen', () => {
  it('asks for the first page of 10, newest registrations first, and shows the accounts', async () => {
    const server = start();
    expect(await screen.findByText('用户2')).toBeTruthy();
    expect(lastListQuery(server)).toEqual({
      page: '0',
      pageSize: '10',
      sort: 'createdAt',
      order: 'desc',
    });
    const row = screen.getByText('用户2').closest('tr') as HTMLElement;
    expect(within(row).getByText('编辑')).toBeTruthy(); // the role's title
    expect(within(row).getByText('正常')).toBeTruthy();
    expect(within(row).getByText('1.5 MB')).toBeTruthy();
    expect(screen.getByText('共 3 个用户')).toBeTruthy();
    expect(screen.getByTitle('10 条/页')).toBeTruthy();
  });

  it('shows the pending registrations on the state filter, 99+ above 99', async () => {
    start({ pendingCount: 120 });
    await screen.findByText('用户1');
    const badge = await screen.findByText('99+');
    expect(badge.closest('[title]')?.getAttribute('title')).toBe('120 个注册待审核');
  });

  it('searches, filters by state and role and sorts, each from the first page', async () => {
    const server = start({ total: 200 });
    await screen.findByText('用户1');
    await userEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lastListQuery(server).page).toBe('2'));

    await userEvent.type(screen.getByLabelText('搜索账号、昵称或手机号'), ' 林小书 {Enter}');
    await waitFor(() =>
      expect(lastListQuery(server)).toMatchObject({ keywords: '林小书', page: '0' }),
    );

    await userEvent.click(screen.getByLabelText('账号状态'));
    await userEvent.click(await screen.findByTitle('已暂停'));
    await waitFor(() => expect(lastListQuery(server)).toMatchObject({ state: 'suspended' }));

    await userEvent.click(screen.getByLabelText('角色'));
    await userEvent.click(await screen.findByTitle('编辑'));
    await waitFor(() => expect(lastListQuery(server)).toMatchObject({ role: 'EDITOR' }));

    await userEvent.click(screen.getByRole('columnheader', { name: /最近登录/ }));
    await waitFor(() =>
      expect(lastListQuery(server)).toMatchObject({ sort: 'lastLoginAt', order: 'asc' }),
    );
  });

  it('shows seven page buttons (the jumps count, as spec §9 counts them)', async () => {
    start({ total: 200 });
    await screen.findByText('用户1');
    const buttons = () =>
      Array.from(
        document.querySelectorAll(
          '.ant-pagination-item, .ant-pagination-jump-prev, .ant-pagination-jump-next',
        ),
      ).map((item) => item.getAttribute('title'));
    expect(buttons()).toEqual(['1', '2', '3', '4', '5', '向后 5 页', '20']);
    await userEvent.click(screen.getByTitle('5'));
    await waitFor(() =>
      expect(buttons()).toEqual(['1', '向前 5 页', '4', '5', '6', '向后 5 页', '20']),
    );
  });

  it('suspends an account after a confirmation in plain words', async () => {
    const server = start();
    await screen.findByText('用户2');
    const row = screen.getByText('用户2').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /更改状态/ }));
    await userEvent.click(await screen.findByText('暂停'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('暂停「用户2」的账号？');
    expect(dialog.textContent).toContain(
      '暂停后，该用户会立即在所有设备上退出登录，并且无法再登录，直到恢复正常。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '暂停' }));
    expect(await screen.findByText('「用户2」的账号已暂停')).toBeTruthy();
    expect(server.find('PUT', '/api/system/v1/users/10002/state')[0]?.body).toEqual({
      state: 'suspended',
    });
  });

  it('approves a pending registration', async () => {
    const server = start({ list: [user(9, { state: 'pending' })], total: 1, pendingCount: 1 });
    const row = (await screen.findByText('用户9')).closest('tr') as HTMLElement;
    expect(within(row).getByText('待审核')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: /通过/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('已通过「用户9」的注册')).toBeTruthy();
    expect(server.find('PUT', '/api/system/v1/users/10009/approval')[0]?.body).toEqual({
      approved: true,
    });
  });

  it('switches a feature off for one account and back to its role’s default', async () => {
    const server = start();
    await openRowMenu('用户1');
    await userEvent.click(await screen.findByText('功能开关'));
    const dialog = await screen.findByRole('dialog');
    const createSpace = await within(dialog).findByRole('switch', { name: '创建空间' });
    expect(createSpace.getAttribute('aria-checked')).toBe('true');
    const reset = within(dialog).getByRole('button', { name: '恢复默认：创建空间' });
    expect((reset as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(createSpace);
    await waitFor(() => expect(createSpace.getAttribute('aria-checked')).toBe('false'));
    const row = createSpace.closest('.sys-switch-row') as HTMLElement;
    expect(within(row).getByText('单独设置')).toBeTruthy();
    expect(server.find('PUT', '/api/system/v1/users/10001/permission')[0]?.body).toEqual({
      overrides: { createSpace: false },
    });

    await userEvent.click(within(dialog).getByRole('button', { name: '恢复默认：创建空间' }));
    await waitFor(() => expect(within(row).getByText('按角色')).toBeTruthy());
    expect(server.find('PUT', '/api/system/v1/users/10001/permission')[1]?.body).toEqual({
      overrides: { createSpace: null },
    });
  });

  it('sets a byte quota in GB and shows what is used', async () => {
    const server = start();
    await openRowMenu('用户1');
    await userEvent.click(await screen.findByText('配额'));
    const dialog = await screen.findByRole('dialog');
    const storage = await within(dialog).findByLabelText('个人存储空间');
    expect((storage as HTMLInputElement).value).toBe('20');
    expect(within(dialog).getByText('已用 5 GB')).toBeTruthy();
    await userEvent.clear(storage);
    await userEvent.type(storage, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('配额已保存')).toBeTruthy();
    expect(server.find('PUT', '/api/system/v1/users/10001/quota')[0]?.body).toEqual({
      overrides: { personalBytes: 5 * gib },
    });
  });
});
