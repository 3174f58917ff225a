import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@library/contract';
import { configureApi } from '../../../app/configure-api';
import { toast, useToastStore } from '../../../components/toast';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { createFakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { order } from '../test-helpers';
import { OrderScreen } from './OrderScreen';

function start(answers: () => Order, routes: Record<string, unknown> = {}, path = '/orders/o-1') {
  const server = createFakeServer({
    'GET /api/v1/order/o-1': () => ({ body: answers() }),
    ...routes,
  });
  configureApi();
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/orders/:orderId', element: <OrderScreen /> },
      { path: '/orders', element: <p>我的订单列表</p> },
      { path: '/space/s-1', element: <p>刚才的空间</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router, polls: () => server.find('GET', '/api/v1/order/o-1').length };
}

describe('the checkout', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-orders' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    focusManager.setFocused(undefined);
    useSessionStore.setState({ token: null });
  });

  it('shows the amount, currency, time left and the sandbox pay button of an unpaid order', async () => {
    start(() => order('unpaid'));
    expect(await screen.findByRole('heading', { name: '订单支付' })).toBeTruthy();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('¥88.00');
    expect(screen.getByText('CNY')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(30:00|29:5\d)$/);
    expect(screen.getByRole('button', { name: '模拟支付' })).toBeTruthy();
    expect(screen.getByText('空间数量 200')).toBeTruthy();
  });

  it('draws the QR code of an Alipay order and links its pay page', async () => {
    start(() =>
      order('unpaid', {
        payType: 'alipay',
        qrCode: 'https://qr.alipay.com/bax01234',
        payUrl: 'https://openapi.alipay.com/pay?id=1',
      }),
    );
    const qr = await screen.findByTestId('checkout-qr');
    expect(qr.dataset.value).toBe('https://qr.alipay.com/bax01234');
    expect(screen.getByText('请使用支付宝扫描二维码完成支付')).toBeTruthy();
    expect(screen.getByRole('link', { name: /打开支付页面/ }).getAttribute('href')).toBe(
      'https://openapi.alipay.com/pay?id=1',
    );
    expect(screen.queryByRole('button', { name: '模拟支付' })).toBeNull();
  });

  it('turns to paid without a reload: polls every 2 s, then says which quotas grew', async () => {
    let asked = 0;
    const { polls } = start(
      () => {
        asked += 1;
        return order(asked < 3 ? 'unpaid' : 'paid');
      },
      {},
      '/orders/o-1?back=%2Fspace%2Fs-1',
    );
    expect(await screen.findByRole('heading', { name: '订单支付' })).toBeTruthy();
    expect(polls()).toBe(1);
    // two polls two seconds apart: the second answers 'paid'
    await waitFor(() => expect(polls()).toBe(2), { timeout: 3000 });
    expect(screen.getByRole('heading', { name: '订单支付' })).toBeTruthy();
    expect(await screen.findByText('支付成功', {}, { timeout: 3000 })).toBeTruthy();
    expect(polls()).toBe(3);
    expect(screen.getByText('个人存储空间提升至 100 GB')).toBeTruthy();
    expect(screen.getByText('空间数量提升至 200')).toBeTruthy();
    expect(screen.getByText(/「专业版」已生效，有效期至 2026年12月1日/)).toBeTruthy();
    // paid: no more polling
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(polls()).toBe(3);
    // and the way back to what the quota stopped
    await userEvent.setup().click(screen.getByRole('button', { name: '返回继续操作' }));
    expect(await screen.findByText('刚才的空间')).toBeTruthy();
  }, 15_000);

  it('does not poll while the tab is hidden, and asks again when it is shown', async () => {
    const { polls } = start(() => order('unpaid'));
    expect(await screen.findByRole('heading', { name: '订单支付' })).toBeTruthy();
    act(() => focusManager.setFocused(false));
    const before = polls();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(polls()).toBe(before);
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(polls()).toBeGreaterThan(before));
  }, 10_000);

  it('pays a sandbox order with one click', async () => {
    let state: Order['state'] = 'unpaid';
    const { server } = start(() => order(state), {
      'POST /api/v1/order/o-1/sandboxPay': () => {
        state = 'paid';
        return { body: order('paid') };
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '模拟支付' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(server.find('POST', '/api/v1/order/o-1/sandboxPay')).toHaveLength(1);
    // no 'back' given: the way to my orders instead
    expect(screen.getByRole('button', { name: '查看我的订单' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '收据' })).toBeTruthy();
  });

  it('shows an expired order as such, with buy again placing a new order', async () => {
    const { server, router } = start(() => order('expired'), {
      'POST /api/v1/order': () => ({ body: order('unpaid', { orderId: 'o-2' }) }),
      'GET /api/v1/order/o-2': order('unpaid', { orderId: 'o-2' }),
    });
    expect(await screen.findByText('订单已过期')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /再次购买/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/o-2'));
    expect(server.find('POST', '/api/v1/order')[0]?.body).toEqual({
      goodsId: 'g-pro',
      payType: 'sandbox',
    });
  });

  it('treats an unpaid order whose time is up as expired, without a pay button', async () => {
    start(() => order('unpaid', { expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect(await screen.findByText('订单已过期')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '模拟支付' })).toBeNull();
  });

  it('cancelling an order that was just paid shows 601007 and then the paid order', async () => {
    let state: Order['state'] = 'unpaid';
    start(() => order(state), {
      'POST /api/v1/order/o-1/cancel': () => {
        state = 'paid'; // paid meanwhile, through the provider
        return { status: 409, body: { code: 601007, data: null, msg: '订单已支付' } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '取消订单' }));
    const [confirm] = await screen.findAllByText('取消这笔订单？');
    const dialog = confirm?.closest('.ant-modal-confirm') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: '取消订单' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((item) => item.message)).toContain('订单已支付'),
    );
    expect(await screen.findByText('支付成功')).toBeTruthy();
  });
});
