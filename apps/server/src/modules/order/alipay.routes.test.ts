// The real Alipay adapter against a loopback fake gateway that checks our RSA2 signatures and
// signs its answers and notifications like Alipay: placing an order (precreate), notifications
// verified, idempotent and safe against tampering (601010, 601000), racing notifications, the
// poll and the expiry asking alipay.trade.query, a late payment, and refunds.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Order } from '@library/contract';
import { queryRows } from '../../db/database.js';
import { startFakeAlipay, type FakeAlipay } from '../../../test/fakes/alipay.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { orderCalls, type Headers } from '../../../test/orders.js';

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'pem', type }).toString();

let t: TestApp;
let h: ReturnType<typeof orderCalls>;
let fake: FakeAlipay;
let adminHeaders: Headers;
let goodsId: string;
const app = keyPair();
const alipay = keyPair();
const stranger = keyPair();

beforeAll(async () => {
  fake = await startFakeAlipay({
    appId: '2021000000000001',
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
  });
  t = await createTestApp({
    rateLimitPerMinute: 1_000_000,
    payment: {
      providers: ['sandbox', 'alipay'],
      orderExpireMinutes: 30,
      wechat: undefined,
      alipay: {
        appId: '2021000000000001',
        // Alipay's tools hand out bare base64 keys: accepted as well as PEM
        privateKey: pem(app.privateKey, 'pkcs8')
          .replace(/-----[A-Z ]+-----/g, '')
          .replace(/\s+/g, ''),
        alipayPublicKey: pem(alipay.publicKey, 'spki'),
        gateway: fake.gateway,
        notifyUrl: 'https://library.example/api/v1/pay/notify/alipay',
      },
    },
  });
  h = orderCalls(t);
  adminHeaders = (await h.admin()).headers;
  goodsId = (await h.goods(adminHeaders, { name: '专业版 年付', prices: { CNY: 9900, USD: 1500 } }))
    .goodsId;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const notify = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });

const notificationRows = (orderId: string) =>
  queryRows<{ outcome: string }>(
    t.db,
    sql`select outcome from payment_notifications where order_id = ${orderId} order by id`,
  );

async function placed(): Promise<{ order: Order; buyer: Headers }> {
  const buyer = (await h.person()).headers;
  return { order: await h.order(buyer, goodsId, 'alipay'), buyer };
}

describe('placing an order with Alipay', () => {
  it('precreates the trade with a signed request and shows its QR code', async () => {
    const { order } = await placed();
    const request = fake.requests.find(
      (r) => r.method === 'alipay.trade.precreate' && r.biz.out_trade_no === order.orderNo,
    );
    expect(request?.biz).toMatchObject({ total_amount: '99.00', subject: '专业版 年付' });
    expect(request?.params.notify_url).toBe('https://library.example/api/v1/pay/notify/alipay');
    expect(order).toMatchObject({ payType: 'alipay', amount: 9900, currency: 'CNY' });
    expect(order.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\//);
  });

  it('takes only CNY: an English-locale order answers 601001', async () => {
    const buyer = (await h.person()).headers;
    const res = await h.call(
      'POST',
      '/api/v1/order',
      { ...buyer, locale: 'en_US' },
      {
        goodsId,
        payType: 'alipay',
      },
    );
    expect(res.body.code).toBe(ErrorCode.payTypeUnsupported);
    const list = await h.call('GET', '/api/v1/goods', { ...buyer, locale: 'en_US' });
    expect(list.body.data.payTypes).toEqual(['sandbox']);
  });

  it('stores nothing when Alipay refuses the request (a wrongly signed one)', async () => {
    const wrong = await createTestApp(
      {
        payment: {
          ...t.config.payment,
          alipay: { ...t.config.payment.alipay!, privateKey: pem(stranger.privateKey, 'pkcs8') },
        },
      },
      t.database,
    );
    try {
      const buyer = await h.person();
      const res = await wrong.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: buyer.headers,
        payload: { goodsId, payType: 'alipay' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().msg).toContain('isv.invalid-signature');
      const rows = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from orders where user_id = ${buyer.user.id}`,
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await wrong.close();
    }
  });

  it("refuses an answer whose signature is not Alipay's (601010)", async () => {
    const forger = await startFakeAlipay({
      appId: '2021000000000001',
      appPublicKey: app.publicKey,
      alipayPrivateKey: alipay.privateKey,
      answerKey: stranger.privateKey,
    });
    const forged = await createTestApp(
      {
        payment: {
          ...t.config.payment,
          alipay: { ...t.config.payment.alipay!, gateway: forger.gateway },
        },
      },
      t.database,
    );
    try {
      const buyer = await h.person();
      const res = await forged.app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: buyer.headers,
        payload: { goodsId, payType: 'alipay' },
      });
      expect(res.json().code).toBe(ErrorCode.signatureFailed);
    } finally {
      await forged.close();
      await forger.close();
    }
  });
});

describe('Alipay notifications', () => {
  it('pays once on a signed notification, answering "success", and again for a replay', async () => {
    const { order, buyer } = await placed();
    fake.pay(order.orderNo);
    const body = fake.notification(order.orderNo);
    const first = await notify(body);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    expect(first.body).toBe('success');
    const replay = await notify(body);
    expect(replay.body).toBe('success');
    expect(await h.stateOf(order.orderId)).toBe('paid');
    expect(await h.grantCount(order.orderId)).toBe(1);
    expect(await notificationRows(order.orderId)).toEqual([
      { outcome: 'paid' },
      { outcome: 'duplicate' },
    ]);
    const read = await h.call('GET', `/api/v1/order/${order.orderId}`, buyer);
    expect(read.body.data).toMatchObject({ state: 'paid', qrCode: null });
  });

  it('refuses forged and tampered notifications with 601010 and changes nothing', async () => {
    const { order } = await placed();
    fake.pay(order.orderNo);
    const other = await placed();
    const forged = fake.notification(order.orderNo, {}, stranger.privateKey);
    const tamper = (field: string, value: string) => {
      const params = new URLSearchParams(fake.notification(order.orderNo));
      params.set(field, value);
      return params.toString();
    };
    const unsigned = new URLSearchParams(fake.notification(order.orderNo));
    unsigned.delete('sign');
    for (const body of [
      forged,
      tamper('total_amount', '0.01'),
      tamper('out_trade_no', other.order.orderNo),
      tamper('trade_status', 'TRADE_SUCCESS'.toLowerCase()),
      unsigned.toString(),
      'not a form at all',
      '',
    ]) {
      const res = await notify(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.signatureFailed);
    }
    for (const id of [order.orderId, other.order.orderId]) {
      expect(await h.stateOf(id)).toBe('unpaid');
      expect(await notificationRows(id)).toEqual([]);
    }
  });

  it('refuses a signed notification for another amount or app with 601000, changing nothing', async () => {
    const { order } = await placed();
    fake.pay(order.orderNo);
    const changes: Array<Record<string, string>> = [
      { total_amount: '0.01' },
      { app_id: '2021000000000999' },
    ];
    for (const overrides of changes) {
      const res = await notify(fake.notification(order.orderNo, overrides));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ErrorCode.orderStateMismatch);
    }
    expect(await h.stateOf(order.orderId)).toBe('unpaid');
    expect(await h.grantCount(order.orderId)).toBe(0);
  });

  it('pays once when ten notifications race', async () => {
    const { order } = await placed();
    fake.pay(order.orderNo);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify(fake.notification(order.orderNo))),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(10).fill('success'));
    expect(await h.grantCount(order.orderId)).toBe(1);
    const outcomes = (await notificationRows(order.orderId)).map((row) => row.outcome).sort();
    expect(outcomes).toEqual(['paid', ...Array(9).fill('duplicate')].sort());
  });

  it('records a notification that reports no payment, and pays nothing', async () => {
    const { order } = await placed();
    const res = await notify(fake.notification(order.orderNo, { trade_status: 'WAIT_BUYER_PAY' }));
    expect(res.body).toBe('success');
    expect(await h.stateOf(order.orderId)).toBe('unpaid');
    expect(await notificationRows(order.orderId)).toEqual([{ outcome: 'ignored' }]);
  });
});

describe('asking Alipay', () => {
  it('turns a polled order to paid when the notification is slow', async () => {
    const { order, buyer } = await placed();
    const before = await h.call('GET', `/api/v1/order/${order.orderId}`, buyer);
    expect(before.body.data.state).toBe('unpaid');
    fake.pay(order.orderNo);
    // one query per five seconds per order: the next poll may come before it
    await t.db.execute(sql`update orders set queried_at = null where id = ${order.orderId}`);
    const after = await h.call('GET', `/api/v1/order/${order.orderId}`, buyer);
    expect(after.body.data.state).toBe('paid');
    expect(await notificationRows(order.orderId)).toEqual([{ outcome: 'paid' }]);
  });

  it('pays at expiry a trade whose notification never came, and expires an unpaid one', async () => {
    const paid = await placed();
    const unpaid = await placed();
    fake.pay(paid.order.orderNo);
    await h.timeUp(paid.order.orderId);
    await h.timeUp(unpaid.order.orderId);
    await t.jobs.drain();
    expect(await h.stateOf(paid.order.orderId)).toBe('paid');
    expect(await h.stateOf(unpaid.order.orderId)).toBe('expired');
  });

  it('answers a payment after expiry, records it as late and grants nothing', async () => {
    const { order } = await placed();
    await h.timeUp(order.orderId);
    await t.jobs.drain();
    expect(await h.stateOf(order.orderId)).toBe('expired');
    fake.pay(order.orderNo);
    const res = await notify(fake.notification(order.orderNo));
    expect(res.body).toBe('success');
    expect(await h.stateOf(order.orderId)).toBe('expired');
    expect(await h.grantCount(order.orderId)).toBe(0);
    expect(await notificationRows(order.orderId)).toEqual([{ outcome: 'late' }]);
    const detail = await h.call('GET', `/api/system/v1/order/${order.orderId}`, adminHeaders);
    expect(detail.body.data.notifications).toMatchObject([
      { provider: 'alipay', outcome: 'late', amount: 9900, currency: 'CNY' },
    ]);
  });
});

describe('refunds through Alipay', () => {
  it('refunds the whole amount with alipay.trade.refund and ends the grant', async () => {
    const { order, buyer } = await placed();
    fake.pay(order.orderNo);
    await notify(fake.notification(order.orderNo));
    await h.call('POST', `/api/v1/order/${order.orderId}/refund`, buyer, { reason: '重复购买' });
    const done = await h.call(
      'POST',
      `/api/system/v1/order/${order.orderId}/refund`,
      adminHeaders,
      {},
    );
    expect(done.body.data.state).toBe('refundCompleted');
    const request = fake.requests.find(
      (r) => r.method === 'alipay.trade.refund' && r.biz.out_trade_no === order.orderNo,
    );
    expect(request?.biz).toMatchObject({
      refund_amount: '99.00',
      out_request_no: order.orderNo,
      refund_reason: '重复购买',
    });
    const ended = await queryRows<{ ended: boolean }>(
      t.db,
      sql`select ended_at is not null as ended from quota_grants where order_id = ${order.orderId}`,
    );
    expect(ended).toEqual([{ ended: true }]);
    // Alipay's notification of the closed trade afterwards changes nothing more
    const late = await notify(
      fake.notification(order.orderNo, { refund_fee: '99.00', gmt_refund: '2025-01-01 10:00:00' }),
    );
    expect(late.body).toBe('success');
    expect(await h.stateOf(order.orderId)).toBe('refundCompleted');
  });
});
