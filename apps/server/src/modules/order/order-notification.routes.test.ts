// Who is told of an order paid or refunded (the `order` kind, from nobody: the system): the
// buyer — not while their account is disabled, nor when they turned the kind off — and nobody
// else, the administrator who refunds included.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@library/contract';
import { users } from '../../db/schema/index.js';
import { orderCalls, type Headers } from '../../../test/orders.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let h: ReturnType<typeof orderCalls>;
let adminHeaders: Headers;
let planId: string;
beforeAll(async () => {
  t = await createTestApp();
  h = orderCalls(t);
  adminHeaders = (await h.admin()).headers;
  planId = (await h.goods(adminHeaders, { name: '专业版' })).goodsId;
});
afterAll(() => t.close());

const inbox = async (headers: Headers) => {
  const res = await h.call('GET', '/api/v1/notification', headers);
  expect(res.body.code).toBe(0);
  return (res.body.data as NotificationList).list;
};

async function step(method: 'POST', url: string, headers: Headers, payload?: object) {
  const res = await h.call(method, url, headers, payload);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
}

describe('an order paid or refunded', () => {
  it('tells the buyer, with the goods, the amount and the order', async () => {
    const buyer = await h.person();
    const order = await h.order(buyer.headers, planId);
    await step('POST', `/api/v1/order/${order.orderId}/sandboxPay`, buyer.headers);
    await step('POST', `/api/v1/order/${order.orderId}/refund`, buyer.headers, {
      reason: '不需要',
    });
    await step('POST', `/api/system/v1/order/${order.orderId}/refund`, adminHeaders, {});

    const told = await inbox(buyer.headers);
    expect(told.map((item) => item.event)).toEqual(['orderRefunded', 'orderPaid']);
    for (const item of told) {
      expect(item).toMatchObject({
        type: 'order',
        actor: null,
        title: '专业版',
        excerpt: '¥99.00',
        link: `/orders/${order.orderId}`,
      });
    }
    expect(await inbox(adminHeaders)).toEqual([]);
  });

  it('tells nobody who turned the kind off, nor a disabled buyer', async () => {
    const muted = await h.person();
    const res = await h.call('PUT', '/api/v1/notification/settings', muted.headers, {
      types: { order: false },
    });
    expect(res.body.code).toBe(0);
    const first = await h.order(muted.headers, planId);
    await step('POST', `/api/v1/order/${first.orderId}/sandboxPay`, muted.headers);
    expect(await inbox(muted.headers)).toEqual([]);

    const buyer = await h.person();
    const second = await h.order(buyer.headers, planId);
    await step('POST', `/api/v1/order/${second.orderId}/sandboxPay`, buyer.headers);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, buyer.user.id));
    await step('POST', `/api/system/v1/order/${second.orderId}/refund`, adminHeaders, {});
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, buyer.user.id));
    // told of the payment, not of the refund made while the account was disabled
    expect((await inbox(buyer.headers)).map((item) => item.event)).toEqual(['orderPaid']);
  });
});
