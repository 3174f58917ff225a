import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderStates, type Order, type OrderState } from '@library/contract';
import { configureApi } from '../../../app/configure-api';
import { toast, useToastStore } from '../../../components/toast';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useDeviceStore } from '../../../stores/device-store';
import { useSessionStore } from '../../../stores/session-store';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { goods, order, priceList } from '../test-helpers';
import { MyOrdersScreen } from './MyOrdersScreen';

const names: Record<OrderState, string> = {
  unpaid: '待付的专业版',
  paid: '已付的团队版',
  refunding: '退款中的加购包',
  refundCompleted: '已退的企业版',
  refundClosed: '退款被拒的专业版',
  expired: '过期的专业版',
  revoked: '取消的专业版',
};

/** `GET /api/v1/order` answering these orders (read at each call when given as a function). */
function listOf(orders: Order[] | (() => Order[])) {
  return (request: RecordedRequest) => {
    const list = typeof orders === 'function' ? orders() : orders;
    return {
      body: {
        list,
        total: list.length,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
      },
    };
  };
}

function start(routes: Record<string, unknown>) {
  const server = createFakeServer(routes);
  configureApi();
  configureApiClient({ fetch: server.fetch });
  const router = createMemoryRouter(
    [
      { path: '/orders', element: <MyOrdersScreen /> },
      { path: '/orders/:orderId', element: <p>订单页</p> },
      { path: '/plans', element: <p>价格页</p> },
    ],
    { initialEntries: ['/orders'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { server, router };
}

/** The buttons of the order's row (named '<action>：<goods>'), as their visible text. */
function actionsOf(goodsName: string): string[] {
  const row = screen.getByText(goodsName).closest('tr, li') as HTMLElement;
  return within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('my orders', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-orders' });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
  });

  const everyState = orderStates.map((state, index) =>
    order(state, { orderId: `o-${index}`, goodsName: names[state] }),
  );

  it('asks for the first page of 10 (spec §9) and tags each of the seven states', async () => {
    const { server } = start({ 'GET /api/v1/order': listOf(everyState) });
    expect(await screen.findByText(names.unpaid)).toBeTruthy();
    const request = server.find('GET', '/api/v1/order')[0];
    expect(request?.query.get('page')).toBe('0');
    expect(request?.query.get('pageSize')).toBe('10');
    const tags = [...document.querySelectorAll('.order-state')].map((tag) => tag.textContent);
    expect(tags).toEqual([
      '待支付',
      '已支付',
      '退款中',
      '已退款',
      '退款未通过',
      '已过期',
      '已取消',
    ]);
    expect(screen.getByText('共 7 笔订单')).toBeTruthy();
  });

  it('offers exactly what each state allows', async () => {
    start({ 'GET /api/v1/order': listOf(everyState) });
    await screen.findByText(names.unpaid);
    expect(actionsOf(names.unpaid)).toEqual(['去支付', '取消订单']);
    expect(actionsOf(names.paid)).toEqual(['申请退款', '收据']);
    expect(actionsOf(names.refunding)).toEqual(['收据']);
    expect(actionsOf(names.refundCompleted)).toEqual(['收据']);
    expect(actionsOf(names.refundClosed)).toEqual(['收据']);
    expect(actionsOf(names.expired)).toEqual(['再次购买']);
    expect(actionsOf(names.revoked)).toEqual(['再次购买']);
  });

  it('shows the same actions on cards below 992 px', async () => {
    useDeviceStore.setState({ deviceMode: 'Mobile' });
    start({ 'GET /api/v1/order': listOf(everyState) });
    await screen.findByText(names.unpaid);
    expect(document.querySelector('table')).toBeNull();
    expect(document.querySelectorAll('.order-card')).toHaveLength(7);
    expect(actionsOf(names.unpaid)).toEqual(['去支付', '取消订单']);
    expect(actionsOf(names.paid)).toEqual(['申请退款', '收据']);
  });

  it('pay goes back to the checkout', async () => {
    const { router } = start({ 'GET /api/v1/order': listOf(everyState) });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: `去支付：${names.unpaid}` }));
    expect(router.state.location.pathname).toBe('/orders/o-0');
  });

  it('requests a refund with a reason, then shows the order as refunding', async () => {
    let paid = order('paid', { goodsName: names.paid });
    const { server } = start({
      'GET /api/v1/order': listOf(() => [paid]),
      'POST /api/v1/order/o-1/refund': () => {
        paid = order('refunding', {
          goodsName: names.paid,
          abilities: { canPay: false, canCancel: false, canRefund: false },
        });
        return { body: paid };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `申请退款：${names.paid}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/退款金额 ¥88\.00/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), '买错了套餐');
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(server.find('POST', '/api/v1/order/o-1/refund')[0]?.body).toEqual({
        reason: '买错了套餐',
      }),
    );
    expect(await screen.findByText('退款中')).toBeTruthy();
    expect(useToastStore.getState().toasts.map((item) => item.message)).toContain(
      '退款申请已提交，请等待处理',
    );
  });

  it('refreshes the list after a refusal for a state that changed meanwhile (601008)', async () => {
    let current = order('unpaid', { goodsName: names.unpaid });
    const { server } = start({
      'GET /api/v1/order': listOf(() => [current]),
      'POST /api/v1/order/o-1/cancel': () => {
        current = order('expired', { goodsName: names.unpaid });
        return { status: 409, body: { code: 601008, data: null, msg: '订单已过期' } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `取消订单：${names.unpaid}` }));
    const [title] = await screen.findAllByText('取消这笔订单？');
    const confirm = title?.closest('.ant-modal-confirm') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: '取消订单' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((item) => item.message)).toContain('订单已过期'),
    );
    expect(await screen.findByText('已过期')).toBeTruthy();
    expect(server.find('GET', '/api/v1/order').length).toBeGreaterThanOrEqual(2);
  });

  it('with no orders, leads to the price list', async () => {
    const { router } = start({
      'GET /api/v1/order': listOf([]),
      'GET /api/v1/goods': priceList([goods()]),
    });
    expect(await screen.findByRole('button', { name: /套餐与价格/ })).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: /去看看套餐/ }));
    expect(router.state.location.pathname).toBe('/plans');
  });

  it('offers no way to the price list while nothing is for sale', async () => {
    const { server } = start({
      'GET /api/v1/order': listOf([]),
      'GET /api/v1/goods': priceList([goods({ orderable: false })]),
    });
    expect(await screen.findByText('还没有订单')).toBeTruthy();
    await waitFor(() => expect(server.find('GET', '/api/v1/goods')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /去看看套餐/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /套餐与价格/ })).toBeNull();
  });
});
