import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultQuotas, type Goods } from '@library/contract';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { registerNavigator } from '../../../lib/navigation';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../stores/session-store';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { UsageSettings } from './UsageSettings';

const plan: Goods = {
  goodsId: 'g-pro',
  name: '专业版',
  description: '',
  kind: 'personal',
  prices: { CNY: 8800, USD: 1299 },
  quotas: { spaces: 200 },
  termDays: 30,
  orderable: true,
  sort: 1,
};

function show(goods: Goods[]) {
  const server = createFakeServer({
    'GET /api/v1/user/quota': {
      limits: defaultQuotas,
      usage: { spaces: 3, personalBytes: 1024, friends: 0, teams: 0 },
    },
    'GET /api/v1/goods': { list: goods, currency: 'CNY', payTypes: ['sandbox'] },
  });
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(<UsageSettings />);
  return server;
}

describe('account settings → usage', () => {
  const navigate = vi.fn(async () => undefined);

  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok' });
    registerNavigator({ navigate, currentPath: () => '/home', installRoutesFor: () => undefined });
  });
  afterEach(() => {
    resetApiClient();
    navigate.mockClear();
    useSessionStore.setState({ token: null });
  });

  it('offers no plan while nothing is for sale, and says whom to ask', async () => {
    const server = show([{ ...plan, orderable: false }]);
    expect(await screen.findByText('需要更多空间或存储？请联系服务商提高上限。')).toBeTruthy();
    await waitFor(() => expect(server.find('GET', '/api/v1/goods')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '升级套餐' })).toBeNull();
    // my orders stay: orders bought before are still there
    expect(screen.getByRole('button', { name: '我的订单' })).toBeTruthy();
  });

  it('leads to the price list once a goods is for sale', async () => {
    show([plan]);
    await userEvent.setup().click(await screen.findByRole('button', { name: '升级套餐' }));
    expect(screen.getByText('需要更多空间或存储？升级套餐即可提高上限。')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('/plans', undefined);
  });
});
