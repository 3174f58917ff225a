import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminGoods, AdminOrder } from '@library/contract';
import { configureApi } from '../../../app/configure-api';
import { toast } from '../../../components/toast';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useDeviceStore } from '../../../stores/device-store';
import { useSessionStore } from '../../../stores/session-store';
import { createFakeServer, type RecordedRequest } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { orderKeys } from '../api/keys';
import { adminGoods, adminOrder } from '../test-helpers';
import { SysOrdersScreen } from './SysOrdersScreen';

const paid = adminOrder('paid', { orderId: 'o-paid', orderNo: 'a'.repeat(32) });
const refunding = adminOrder('refunding', {
  orderId: 'o-refunding',
  orderNo: 'b'.repeat(32),
  refundReason: '买重复了',
});
const expired = adminOrder('expired', { orderId: 'o-expired', orderNo: 'c'.repeat(32) });

function start(goods: AdminGoods[] = [adminGoods()]) {
  let list: AdminOrder[] = [paid, refunding, expired];
  const server = createFakeServer({
    'GET /api/system/v1/goods': { list: goods },
    'GET /api/system/v1/order': (request: RecordedRequest) => ({
      body: {
        list: request.query.get('state')
          ? list.filter((o) => o.state === request.query.get('state'))
          : list,
        total: list.length,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
      },
    }),
    'POST /api/system/v1/order/o-refunding/refund': () => {
      const done = adminOrder('refundCompleted', {
        ...refunding,
        state: 'refundCompleted',
        adminAbilities: { canRefund: false, canCloseRefund: false },
      });
      list = [paid, done, expired];
      return { body: { ...done, notifications: [] } };
    },
    'POST /api/system/v1/order/o-refunding/refund/close': () => {
      const closed = {
        ...refunding,
        state: 'refundClosed' as const,
        adminAbilities: { canRefund: false, canCloseRefund: false },
      };
      list = [paid, closed, expired];
      return { body: { ...closed, notifications: [] } };
    },
  });
  configureApi();
  configureApiClient({ fetch: server.fetch });
  renderWithProviders(<SysOrdersScreen />);
  return server;
}

function rowOf(orderNo: string): HTMLElement {
  return screen.getByText(orderNo).closest('tr') as HTMLElement;
}

describe("the administrators' orders grid", () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-admin' });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    vi.unstubAllGlobals();
    useSessionStore.setState({ token: null });
  });

  it('offers the refund moves each order allows', async () => {
    start();
    await screen.findByText(paid.orderNo);
    const buttons = (orderNo: string) =>
      within(rowOf(orderNo))
        .getAllByRole('button')
        .map((button) => button.textContent);
    // the first is the goods' name, opening the details
    expect(buttons(paid.orderNo)).toEqual(['专业版', '退款']);
    expect(buttons(refunding.orderNo)).toEqual(['专业版', '同意退款', '拒绝退款']);
    expect(buttons(expired.orderNo)).toEqual(['专业版']);
  });

  it('approves a requested refund, showing the buyer’s reason first', async () => {
    const server = start();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `同意退款：${refunding.orderNo}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('买家的退款原因：买重复了')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '同意退款' }));
    await waitFor(() =>
      expect(server.find('POST', '/api/system/v1/order/o-refunding/refund')[0]?.body).toEqual({
        reason: '',
      }),
    );
    expect(await within(rowOf(refunding.orderNo)).findByText('已退款')).toBeTruthy();
  });

  it('declines a refund with a reason', async () => {
    const server = start();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `拒绝退款：${refunding.orderNo}` }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), '已使用超过 7 天');
    await user.click(within(dialog).getByRole('button', { name: '拒绝退款' }));
    await waitFor(() =>
      expect(server.find('POST', '/api/system/v1/order/o-refunding/refund/close')[0]?.body).toEqual(
        {
          reason: '已使用超过 7 天',
        },
      ),
    );
    expect(await within(rowOf(refunding.orderNo)).findByText('退款未通过')).toBeTruthy();
  });

  it('exports the orders matching the filters as CSV', async () => {
    const server = start();
    const download = vi.fn(
      async () =>
        new Response('\uFEFForderNo\r\n', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="orders-20261126.csv"' },
        }),
    );
    vi.stubGlobal('fetch', download);
    const user = userEvent.setup();
    await screen.findByText(paid.orderNo);
    await user.click(screen.getByRole('combobox', { name: '按状态筛选' }));
    await user.click(await screen.findByTitle('退款中'));
    await waitFor(() =>
      expect(server.find('GET', '/api/system/v1/order').at(-1)?.query.get('state')).toBe(
        'refunding',
      ),
    );
    await user.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    const [url, init] = download.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/v1/order/export?state=refunding');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-admin');
  });
});

describe('/sys/orders while nothing is for sale', () => {
  beforeEach(() => {
    queryClient.clear();
    useSessionStore.setState({ token: 'tok-admin' });
    useDeviceStore.setState({ deviceMode: 'Desktop' });
  });
  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    useSessionStore.setState({ token: null });
  });

  it('tells a fresh install’s administrator what that hides, and opens the first goods', async () => {
    start([]);
    const notice = (await screen.findByRole('heading', { name: '还没有可购买的商品' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(notice).getByText(/套餐入口和额度用尽时的“升级”提示对所有用户隐藏/)).toBeTruthy();
    await userEvent.setup().click(within(notice).getByRole('button', { name: /新建第一个商品/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建商品')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: '名称' })).toBeTruthy();
  });

  it('leads to the goods when there are some but none is for sale', async () => {
    start([adminGoods({ orderable: false })]);
    const notice = (await screen.findByRole('heading', { name: '商品都未在售' })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.setup().click(within(notice).getByRole('button', { name: /商品管理/ }));
    // the goods drawer, where goods are made and put on sale
    expect(await screen.findByText(/用户在价格页看到的套餐与加购包/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /新建商品/ })).toBeTruthy();
  });

  it('says nothing once a goods is for sale', async () => {
    const server = start([adminGoods({ orderable: false }), adminGoods({ goodsId: 'g-team' })]);
    await screen.findByText(paid.orderNo);
    expect(server.find('GET', '/api/system/v1/goods')).toHaveLength(1);
    await waitFor(() =>
      expect(queryClient.getQueryState(orderKeys.adminGoods)?.status).toBe('success'),
    );
    expect(screen.queryByRole('heading', { name: /商品都未在售|还没有可购买的商品/ })).toBeNull();
  });
});
