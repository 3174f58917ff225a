// Goods and orders through the real calls with the sandbox provider: the price list in the
// caller's currency, the administrators' goods, every move of the state table and every refusal
// with its 6010xx code, someone else's order, racing payments, expiry, and quotas raised by a
// paid order and taken back by its refund.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultQuotas, ErrorCode, type Order, type OrderState } from '@library/contract';
import { queryRows } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { orderCalls, type Headers } from '../../../test/orders.js';

let t: TestApp;
let h: ReturnType<typeof orderCalls>;
let adminHeaders: Headers;
let planId: string;

beforeAll(async () => {
  t = await createTestApp({
    rateLimitPerMinute: 1_000_000,
    quotas: { ...defaultQuotas, spaces: 2, teams: 1 },
  });
  h = orderCalls(t);
  adminHeaders = (await h.admin()).headers;
  planId = (await h.goods(adminHeaders)).goodsId;
});
afterAll(() => t.close());

const code = (res: { body: { code: number } }) => res.body.code;

/** An order of `buyer` brought into `state` through the calls. */
async function orderIn(state: OrderState, buyer: Headers): Promise<Order> {
  const order = await h.order(buyer, planId);
  const id = order.orderId;
  const step = async (method: 'POST', url: string, headers: Headers, payload?: object) =>
    expect(code(await h.call(method, url, headers, payload))).toBe(0);
  if (state === 'revoked') await step('POST', `/api/v1/order/${id}/cancel`, buyer);
  if (state === 'expired') {
    await h.timeUp(id);
    await t.jobs.drain();
  }
  if (['paid', 'refunding', 'refundCompleted', 'refundClosed'].includes(state)) {
    await step('POST', `/api/v1/order/${id}/sandboxPay`, buyer);
  }
  if (['refunding', 'refundCompleted', 'refundClosed'].includes(state)) {
    await step('POST', `/api/v1/order/${id}/refund`, buyer, { reason: '不需要了' });
  }
  if (state === 'refundCompleted') {
    await step('POST', `/api/system/v1/order/${id}/refund`, adminHeaders, {});
  }
  if (state === 'refundClosed') {
    await step('POST', `/api/system/v1/order/${id}/refund/close`, adminHeaders, {
      reason: '已超过退款期限',
    });
  }
  expect(await h.stateOf(id)).toBe(state);
  return order;
}

describe('the price list and goods', () => {
  it('answers prices with the currency of the caller’s locale and the pay types that take it', async () => {
    const buyer = await h.person();
    for (const [locale, currency] of [
      ['zh_CN', 'CNY'],
      ['zh_TW', 'CNY'],
      ['en_US', 'USD'],
    ] as const) {
      const res = await h.call('GET', '/api/v1/goods', { ...buyer.headers, locale });
      expect(res.body.data.currency).toBe(currency);
      expect(res.body.data.payTypes).toEqual(['sandbox']);
      expect(
        res.body.data.list.find((g: { goodsId: string }) => g.goodsId === planId),
      ).toMatchObject({
        prices: { CNY: 9900, USD: 1500 },
        quotas: { spaces: 100 },
        termDays: 30,
        orderable: true,
      });
    }
  });

  it('lets administrators keep goods, and nobody else', async () => {
    const buyer = await h.person();
    const created = await h.goods(adminHeaders, { name: '存储包', kind: 'addon', sort: 5 });
    const valid = { name: 'x', kind: 'addon', prices: { CNY: 1, USD: 1 }, quotas: {}, termDays: 1 };
    expect(code(await h.call('POST', '/api/system/v1/goods', buyer.headers, valid))).toBe(
      ErrorCode.permissionCheckFailed,
    );
    expect(code(await h.call('GET', '/api/system/v1/goods', buyer.headers))).toBe(
      ErrorCode.permissionCheckFailed,
    );
    // for sale needs a price in both currencies
    const free = await h.call('POST', '/api/system/v1/goods', adminHeaders, {
      name: '免费',
      kind: 'personal',
      prices: { CNY: 0, USD: 0 },
      quotas: {},
      termDays: 30,
    });
    expect(free.status).toBe(400);
    expect(code(free)).toBe(ErrorCode.paramError);
    const edited = await h.call('PUT', `/api/system/v1/goods/${created.goodsId}`, adminHeaders, {
      name: '存储包 100G',
      kind: 'addon',
      prices: { CNY: 1000, USD: 200 },
      quotas: { personalBytes: 100 * 1024 ** 3 },
      termDays: 365,
    });
    expect(edited.body.data).toMatchObject({ name: '存储包 100G', orderCount: 0, termDays: 365 });
    // each goods counts its own orders
    const placed = await h.call('POST', '/api/v1/order', buyer.headers, {
      goodsId: created.goodsId,
      payType: 'sandbox',
    });
    expect(code(placed)).toBe(0);
    const listed = await h.call('GET', '/api/system/v1/goods', adminHeaders);
    const counts = new Map(
      listed.body.data.list.map((g: { goodsId: string; orderCount: number }) => [
        g.goodsId,
        g.orderCount,
      ]),
    );
    expect(counts.get(created.goodsId)).toBe(1);
    expect(
      code(await h.call('DELETE', `/api/system/v1/goods/${created.goodsId}`, adminHeaders)),
    ).toBe(0);
    // a deleted goods is gone from the list and cannot be ordered
    const list = (await h.call('GET', '/api/v1/goods', buyer.headers)).body.data.list;
    expect(list.map((g: { goodsId: string }) => g.goodsId)).not.toContain(created.goodsId);
    const ordered = await h.call('POST', '/api/v1/order', buyer.headers, {
      goodsId: created.goodsId,
      payType: 'sandbox',
    });
    expect(ordered.status).toBe(404);
  });

  it('refuses goods not for sale with 601006 and unknown or switched-off pay types with 601001', async () => {
    const buyer = await h.person();
    const free = await h.goods(adminHeaders, {
      name: '个人免费版',
      prices: { CNY: 0, USD: 0 },
      orderable: false,
    });
    const notForSale = await h.call('POST', '/api/v1/order', buyer.headers, {
      goodsId: free.goodsId,
      payType: 'sandbox',
    });
    expect(code(notForSale)).toBe(ErrorCode.personalGoodsNotOrderable);
    for (const payType of ['paypal', 'alipay', 'wechat']) {
      const res = await h.call('POST', '/api/v1/order', buyer.headers, {
        goodsId: planId,
        payType,
      });
      expect(code(res), payType).toBe(ErrorCode.payTypeUnsupported);
    }
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where user_id = ${buyer.user.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('placing and reading orders', () => {
  it('fixes the price and currency of the caller’s locale on the order', async () => {
    const buyer = await h.person();
    const cny = await h.order(buyer.headers, planId, 'sandbox', 'zh_TW');
    expect(cny).toMatchObject({
      state: 'unpaid',
      amount: 9900,
      currency: 'CNY',
      payType: 'sandbox',
      qrCode: `sandbox:${cny.orderNo}`,
      abilities: { canPay: true, canCancel: true, canRefund: false },
    });
    expect(cny.orderNo).toMatch(/^[0-9a-f]{32}$/);
    const minutes = (Date.parse(cny.expiresAt) - Date.parse(cny.createdAt)) / 60_000;
    expect(Math.round(minutes)).toBe(30);
    const usd = await h.order(buyer.headers, planId, 'sandbox', 'en_US');
    expect(usd).toMatchObject({ amount: 1500, currency: 'USD' });
    // the locale of a later request does not change an order
    const read = await h.call('GET', `/api/v1/order/${cny.orderId}`, {
      ...buyer.headers,
      locale: 'en_US',
    });
    expect(read.body.data).toMatchObject({ amount: 9900, currency: 'CNY' });
    const list = await h.call('GET', '/api/v1/order?page=0&pageSize=1', buyer.headers);
    expect(list.body.data).toMatchObject({ total: 2, page: 0, pageSize: 1 });
    expect(list.body.data.list[0].orderId).toBe(usd.orderId);
    const unpaid = await h.call('GET', '/api/v1/order?state=paid', buyer.headers);
    expect(unpaid.body.data.total).toBe(0);
  });

  it("answers someone else's order as missing", async () => {
    const buyer = await h.person();
    const other = await h.person();
    const order = await h.order(buyer.headers, planId);
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/cancel'],
      ['POST', '/refund'],
      ['POST', '/sandboxPay'],
    ] as const) {
      const res = await h.call(method, `/api/v1/order/${order.orderId}${path}`, other.headers, {});
      expect(res.status, path).toBe(404);
      expect(code(res)).toBe(ErrorCode.dataMissing);
    }
    expect(await h.stateOf(order.orderId)).toBe('unpaid');
  });
});

describe('the state table', () => {
  it('moves unpaid → paid (sandbox) → refunding → refundCompleted', async () => {
    const buyer = await h.person();
    const order = await h.order(buyer.headers, planId);
    const paid = await h.call('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers);
    expect(paid.body.data).toMatchObject({
      state: 'paid',
      qrCode: null,
      abilities: { canPay: false, canCancel: false, canRefund: true },
    });
    expect(paid.body.data.paidAt).not.toBeNull();
    const term = Date.parse(paid.body.data.validUntil) - Date.parse(paid.body.data.validFrom);
    expect(term).toBe(30 * 86_400_000);
    const refunding = await h.call('POST', `/api/v1/order/${order.orderId}/refund`, buyer.headers, {
      reason: '买错了',
    });
    expect(refunding.body.data).toMatchObject({ state: 'refunding', refundReason: '买错了' });
    const done = await h.call(
      'POST',
      `/api/system/v1/order/${order.orderId}/refund`,
      adminHeaders,
      {},
    );
    expect(done.body.data).toMatchObject({ state: 'refundCompleted' });
    expect(done.body.data.refundedAt).not.toBeNull();
  });

  it('moves refunding → refundClosed, keeping the order in force', async () => {
    const buyer = await h.person();
    const order = await orderIn('refundClosed', buyer.headers);
    const read = await h.call('GET', `/api/v1/order/${order.orderId}`, buyer.headers);
    expect(read.body.data).toMatchObject({
      state: 'refundClosed',
      refundCloseReason: '已超过退款期限',
    });
    expect(Date.parse(read.body.data.validUntil)).toBeGreaterThan(Date.now());
  });

  it('moves unpaid → revoked when the buyer cancels, and unpaid → expired when its time is up', async () => {
    const buyer = await h.person();
    const revoked = await orderIn('revoked', buyer.headers);
    const read = await h.call('GET', `/api/v1/order/${revoked.orderId}`, buyer.headers);
    expect(read.body.data).toMatchObject({ state: 'revoked', qrCode: null });
    expect(read.body.data.closedAt).not.toBeNull();
    await orderIn('expired', buyer.headers);
  });

  it('lets an administrator refund a paid order at once', async () => {
    const buyer = await h.person();
    const order = await orderIn('paid', buyer.headers);
    const done = await h.call(
      'POST',
      `/api/system/v1/order/${order.orderId}/refund`,
      adminHeaders,
      {
        reason: '客服退款',
      },
    );
    expect(done.body.data).toMatchObject({ state: 'refundCompleted', refundReason: '客服退款' });
  });

  // every move the table does not allow, from every state: the code of the actual state
  const refusals: Record<OrderState, number> = {
    unpaid: ErrorCode.orderUnpaid,
    paid: ErrorCode.orderPaid,
    refunding: ErrorCode.orderRefunding,
    refundCompleted: ErrorCode.orderRefunded,
    refundClosed: ErrorCode.orderRefundClosed,
    expired: ErrorCode.orderExpired,
    revoked: ErrorCode.orderRevoked,
  };
  const moves: Record<string, (id: string) => { url: string; who: 'buyer' | 'admin' }> = {
    pay: (id) => ({ url: `/api/v1/order/${id}/sandboxPay`, who: 'buyer' }),
    cancel: (id) => ({ url: `/api/v1/order/${id}/cancel`, who: 'buyer' }),
    requestRefund: (id) => ({ url: `/api/v1/order/${id}/refund`, who: 'buyer' }),
    refund: (id) => ({ url: `/api/system/v1/order/${id}/refund`, who: 'admin' }),
    closeRefund: (id) => ({ url: `/api/system/v1/order/${id}/refund/close`, who: 'admin' }),
  };
  const allowed: Record<OrderState, string[]> = {
    unpaid: ['pay', 'cancel'],
    paid: ['requestRefund', 'refund'],
    refunding: ['refund', 'closeRefund'],
    refundCompleted: [],
    refundClosed: [],
    expired: [],
    revoked: [],
  };
  for (const state of Object.keys(refusals) as OrderState[]) {
    it(`refuses every other move from ${state} with ${refusals[state]}`, async () => {
      const buyer = await h.person();
      const order = await orderIn(state, buyer.headers);
      for (const [move, target] of Object.entries(moves)) {
        if (allowed[state].includes(move)) continue;
        const { url, who } = target(order.orderId);
        const res = await h.call('POST', url, who === 'admin' ? adminHeaders : buyer.headers, {});
        expect(code(res), `${move} from ${state}`).toBe(refusals[state]);
        expect(res.status).toBe(409);
        expect(await h.stateOf(order.orderId)).toBe(state);
      }
    });
  }
});

describe('payments that race or come late', () => {
  it('pays once when five payments race', async () => {
    const buyer = await h.person();
    const order = await h.order(buyer.headers, planId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.call('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers),
      ),
    );
    const codes = answers.map(code).sort();
    expect(codes).toEqual([0, ...Array(4).fill(ErrorCode.orderPaid)]);
    expect(await h.grantCount(order.orderId)).toBe(1);
  });

  it('refuses to pay an order whose time is up, before and after the expiry job', async () => {
    const buyer = await h.person();
    const order = await h.order(buyer.headers, planId);
    await h.timeUp(order.orderId);
    const read = await h.call('GET', `/api/v1/order/${order.orderId}`, buyer.headers);
    expect(read.body.data.abilities.canPay).toBe(false);
    const early = await h.call('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers);
    expect(code(early)).toBe(ErrorCode.orderExpired);
    await t.jobs.drain();
    expect(await h.stateOf(order.orderId)).toBe('expired');
    const late = await h.call('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers);
    expect(code(late)).toBe(ErrorCode.orderExpired);
    expect(await h.grantCount(order.orderId)).toBe(0);
  });

  it('leaves a paid order alone when its expiry job runs', async () => {
    const buyer = await h.person();
    const order = await orderIn('paid', buyer.headers);
    await h.timeUp(order.orderId);
    await t.jobs.drain();
    expect(await h.stateOf(order.orderId)).toBe('paid');
  });
});

describe('quotas of paid orders', () => {
  async function createSpace(headers: Headers, name: string) {
    return code(await h.call('POST', '/api/v2/space', headers, { name }));
  }

  it('raises the spaces quota (700100) while paid and takes it back with the refund', async () => {
    const buyer = await h.person();
    const plan = await h.goods(adminHeaders, {
      name: '团队版',
      kind: 'team',
      quotas: { spaces: 3 },
    });
    expect(await createSpace(buyer.headers, '一')).toBe(0);
    expect(await createSpace(buyer.headers, '二')).toBe(0);
    expect(await createSpace(buyer.headers, '三')).toBe(ErrorCode.quotaSpaces);

    const order = await h.order(buyer.headers, plan.goodsId);
    // ordered is not paid
    expect(await createSpace(buyer.headers, '三')).toBe(ErrorCode.quotaSpaces);
    await h.call('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers);
    const quota = await h.call('GET', '/api/v1/user/quota', buyer.headers);
    expect(quota.body.data.limits.spaces).toBe(3);
    expect(await createSpace(buyer.headers, '三')).toBe(0);
    expect(await createSpace(buyer.headers, '四')).toBe(ErrorCode.quotaSpaces);

    await h.call('POST', `/api/system/v1/order/${order.orderId}/refund`, adminHeaders, {});
    // the third space stays; no more can be added
    const after = await h.call('GET', '/api/v1/user/quota', buyer.headers);
    expect(after.body.data).toMatchObject({ limits: { spaces: 2 }, usage: { spaces: 3 } });
    expect(await createSpace(buyer.headers, '四')).toBe(ErrorCode.quotaSpaces);
    const grants = await queryRows<{ ended: boolean }>(
      t.db,
      sql`select ended_at is not null as ended from quota_grants where order_id = ${order.orderId}`,
    );
    expect(grants).toEqual([{ ended: true }]);
  });

  it('adds add-ons on top of the higher of the base and the plans', async () => {
    const buyer = await h.person();
    const plan = await h.goods(adminHeaders, { kind: 'team', quotas: { teams: 5 } });
    const addon = await h.goods(adminHeaders, { kind: 'addon', quotas: { teams: 2 } });
    const pay = async (goodsId: string) => {
      const order = await h.order(buyer.headers, goodsId);
      await h.call('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers);
      return order;
    };
    const teams = async () =>
      (await h.call('GET', '/api/v1/user/quota', buyer.headers)).body.data.limits.teams;
    expect(await teams()).toBe(1);
    await pay(addon.goodsId);
    expect(await teams()).toBe(3);
    await pay(plan.goodsId);
    expect(await teams()).toBe(7);
    // a plan below the base changes nothing
    const small = await h.goods(adminHeaders, { kind: 'team', quotas: { spaces: 1 } });
    await pay(small.goodsId);
    expect((await h.call('GET', '/api/v1/user/quota', buyer.headers)).body.data.limits.spaces).toBe(
      2,
    );
  });

  it('starts a second order of the same plan where the first one’s term ends', async () => {
    const buyer = await h.person();
    const first = await orderIn('paid', buyer.headers);
    const second = await orderIn('paid', buyer.headers);
    const read = async (id: string) =>
      (await h.call('GET', `/api/v1/order/${id}`, buyer.headers)).body.data as Order;
    const [a, b] = [await read(first.orderId), await read(second.orderId)];
    expect(b.validFrom).toBe(a.validUntil);
  });
});

describe("the administrators' orders", () => {
  it('searches, shows the notifications and exports CSV', async () => {
    const buyer = await h.person();
    const order = await orderIn('paid', buyer.headers);
    const byNo = await h.call(
      'GET',
      `/api/system/v1/order?keywords=${order.orderNo.slice(4, 20)}`,
      adminHeaders,
    );
    expect(byNo.body.data.total).toBe(1);
    expect(byNo.body.data.list[0]).toMatchObject({
      orderId: order.orderId,
      buyer: { userId: String(buyer.user.id) },
      adminAbilities: { canRefund: true, canCloseRefund: false },
    });
    const byBuyer = await h.call(
      'GET',
      `/api/system/v1/order?keywords=${buyer.user.id}&state=paid&payType=sandbox`,
      adminHeaders,
    );
    expect(byBuyer.body.data.list.map((o: Order) => o.orderId)).toEqual([order.orderId]);
    const detail = await h.call('GET', `/api/system/v1/order/${order.orderId}`, adminHeaders);
    expect(detail.body.data).toMatchObject({ state: 'paid', notifications: [] });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/system/v1/order/export?keywords=${buyer.user.id}`,
      headers: adminHeaders,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-(\d{8})\.csv"; filename\*=UTF-8''orders-\1\.csv$/,
    );
    expect(csv.headers['x-content-type-options']).toBe('nosniff');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^orderNo,createdAt,state,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${order.orderNo}"`);
    expect(lines[1]).toContain('"99.00","CNY","sandbox"');

    const buyerTries = await h.call('GET', '/api/system/v1/order', buyer.headers);
    expect(code(buyerTries)).toBe(ErrorCode.permissionCheckFailed);
  });
});

describe('with the sandbox switched off', () => {
  it('refuses sandbox orders and the sandbox pay call with 601001', async () => {
    const off = await createTestApp(
      { rateLimitPerMinute: 1_000_000, payment: { ...t.config.payment, providers: [] } },
      t.database,
    );
    try {
      const buyer = await h.person();
      const order = await h.order(buyer.headers, planId);
      const placed = await off.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: buyer.headers,
        payload: { goodsId: planId, payType: 'sandbox' },
      });
      expect(placed.json().code).toBe(ErrorCode.payTypeUnsupported);
      const paid = await off.app.inject({
        method: 'POST',
        url: `/api/v1/order/${order.orderId}/sandboxPay`,
        headers: buyer.headers,
      });
      expect(paid.json().code).toBe(ErrorCode.payTypeUnsupported);
      expect(await h.stateOf(order.orderId)).toBe('unpaid');
      const list = await off.app.inject({
        method: 'GET',
        url: '/api/v1/goods',
        headers: buyer.headers,
      });
      expect(list.json().data.payTypes).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
