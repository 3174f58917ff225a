import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GoodsListResponse, PayType } from '@library/contract';
import { configureApi } from '../../../app/configure-api';
import { toast } from '../../../components/toast';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useSessionStore } from '../../../stores/session-store';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { goods, order } from '../test-helpers';
import { PlansScreen } from './PlansScreen';

const gib = 1024 ** 3;

function start(payTypes: PayType[], path = '/plans') {
  const priceList: GoodsListResponse = {
    currency: 'CNY',
    payTypes,
    list: [
      goods({
        goodsId: 'g-storage',
        name: '存储加购包',
        kind: 'addon',
        quotas: { personalBytes: 50 * gib },
        prices: { CNY: 1500, USD: 299 },
        termDays: 365,
        sort: 9,
      }),
      goods(),
      goods({
        goodsId: 'g-free',
        name: '个人免费版',
        orderable: false,
        prices: { CNY: 0, USD: 0 },
        quotas: { spaces: 50 },
        sort: 0,
      }),
    ],
  };
  const server = createFakeServer({
    'GET /api/v1/goods': priceList,
    'POST /api/v1/order': (request: RecordedRequest) => ({
      body: order('unpaid', {
        orderId: 'o-9',
        payType: (request.body as { payType: PayType }).payType,
      }),
    }),
  });
  configureApi();
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/plans', element: <PlansScreen /> },
      { path: '/orders/:orderId', element: <p>结账页</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

describe('the price list', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-orders' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
  });

  it('shows plans then add-ons in the order given, prices in yuan, and what each grants', async () => {
    start(['sandbox']);
    const names = (await screen.findAllByRole('heading', { level: 4 })).map((h) => h.textContent);
    expect(names).toEqual(['个人免费版', '专业版', '存储加购包']);
    expect(screen.getByText('¥88')).toBeTruthy();
    expect(screen.getByText('¥15')).toBeTruthy();
    expect(screen.getAllByText('/ 1 个月')).toHaveLength(2);
    expect(screen.getByText('/ 1 年')).toBeTruthy();
    expect(screen.getByText('个人存储空间 +50 GB')).toBeTruthy();
    expect(screen.getByText('空间数量 200')).toBeTruthy();
    // shown, not buyable
    expect(screen.getByRole('button', { name: '不单独出售' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/当前为沙箱支付/)).toBeTruthy();
  });

  it('buys with the only pay type offered and opens the checkout, carrying the way back', async () => {
    const { server, router } = start(['sandbox'], '/plans?back=%2Fspace%2Fs-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即购买：专业版' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o-9'));
    expect(router.state.location.search).toBe('?back=%2Fspace%2Fs-1');
    expect(server.find('POST', '/api/v1/order')[0]?.body).toEqual({
      goodsId: 'g-pro',
      payType: 'sandbox',
    });
  });

  it('offers only the pay types the server takes, and orders with the one chosen', async () => {
    const { server } = start(['alipay', 'wechat']);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: '支付宝' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '沙箱支付' })).toBeNull();
    await user.click(screen.getByText('微信支付'));
    await user.click(screen.getByRole('button', { name: '立即购买：专业版' }));
    await waitFor(() =>
      expect(server.find('POST', '/api/v1/order')[0]?.body).toEqual({
        goodsId: 'g-pro',
        payType: 'wechat',
      }),
    );
  });

  it('cannot buy when the site takes no pay type, and says so', async () => {
    start([]);
    expect(await screen.findByText('暂未开通在线支付，请联系服务商。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即购买：专业版' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
