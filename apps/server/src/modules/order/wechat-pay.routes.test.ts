// The real WeChat Pay (API v3) adapter against a loopback fake that checks our
// WECHATPAY2-SHA256-RSA2048 Authorization and signs and encrypts like WeChat Pay: Native pay,
// notifications verified (signature, serial, timestamp) and decrypted (AES-256-GCM), replays and
// races settling once, a signed notification for another amount (601000), and refunds that finish
// later (PROCESSING → the REFUND.SUCCESS notification or the check job).
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Order } from '@library/contract';
import { queryRows } from '../../db/database.js';
import {
  startFakeWechatPay,
  type FakeWechatPay,
  type SignedNotification,
} from '../../../test/fakes/wechat-pay.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { orderCalls, type Headers } from '../../../test/orders.js';

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'pem', type }).toString();

const apiV3Key = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
let t: TestApp;
let h: ReturnType<typeof orderCalls>;
let fake: FakeWechatPay;
let adminHeaders: Headers;
let goodsId: string;
const merchant = keyPair();
const platform = keyPair();
const stranger = keyPair();

beforeAll(async () => {
  fake = await startFakeWechatPay({
    mchId: '1900000109',
    appId: 'wxd678efh567hg6787',
    merchantSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
    apiV3Key,
  });
  t = await createTestApp({
    rateLimitPerMinute: 1_000_000,
    payment: {
      providers: ['wechat'],
      orderExpireMinutes: 30,
      alipay: undefined,
      wechat: {
        mchId: '1900000109',
        appId: 'wxd678efh567hg6787',
        serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        // an environment value with escaped newlines, as .env files carry PEM keys
        privateKey: pem(merchant.privateKey, 'pkcs8').replaceAll('\n', '\\n'),
        apiV3Key,
        platformPublicKey: pem(platform.publicKey, 'spki'),
        platformSerial: 'PUB_KEY_ID_0114232134912410000000000000',
        baseUrl: fake.baseUrl,
        notifyUrl: 'https://library.example/api/v1/pay/notify/wechat',
      },
    },
  });
  h = orderCalls(t);
  adminHeaders = (await h.admin()).headers;
  goodsId = (await h.goods(adminHeaders, { name: '企业版', kind: 'enterprise' })).goodsId;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const notify = (notification: SignedNotification) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pay/notify/wechat',
    headers: notification.headers,
    payload: notification.body,
  });

const notificationRows = (orderId: string) =>
  queryRows<{ outcome: string }>(
    t.db,
    sql`select outcome from payment_notifications where order_id = ${orderId} order by id`,
  );

async function placed(): Promise<{ order: Order; buyer: Headers }> {
  const buyer = (await h.person()).headers;
  return { order: await h.order(buyer, goodsId, 'wechat'), buyer };
}

async function paidOrder() {
  const placedOrder = await placed();
  fake.pay(placedOrder.order.orderNo);
  expect((await notify(fake.notification(placedOrder.order.orderNo))).statusCode).toBe(204);
  return placedOrder;
}

describe('placing an order with WeChat Pay', () => {
  it('creates a Native payment with a signed request and shows its code_url', async () => {
    const { order } = await placed();
    const request = fake.requests.find(
      (r) => r.path === '/v3/pay/transactions/native' && r.body?.out_trade_no === order.orderNo,
    );
    expect(request?.body).toMatchObject({
      appid: 'wxd678efh567hg6787',
      mchid: '1900000109',
      description: '企业版',
      notify_url: 'https://library.example/api/v1/pay/notify/wechat',
      amount: { total: 9900, currency: 'CNY' },
    });
    expect(order.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  });

  it('stores nothing when WeChat Pay refuses our signature', async () => {
    const wrong = await createTestApp(
      {
        payment: {
          ...t.config.payment,
          wechat: { ...t.config.payment.wechat!, privateKey: pem(stranger.privateKey, 'pkcs8') },
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
        payload: { goodsId, payType: 'wechat' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().msg).toContain('SIGN_ERROR');
      const rows = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from orders where user_id = ${buyer.user.id}`,
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await wrong.close();
    }
  });
});

describe('WeChat Pay notifications', () => {
  it('pays once, answering 204 without a body, and once more for a replay', async () => {
    const { order, buyer } = await placed();
    fake.pay(order.orderNo);
    const notification = fake.notification(order.orderNo);
    const first = await notify(notification);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await notify(notification)).statusCode).toBe(204);
    expect(await h.grantCount(order.orderId)).toBe(1);
    expect(await notificationRows(order.orderId)).toEqual([
      { outcome: 'paid' },
      { outcome: 'duplicate' },
    ]);
    const read = await h.call('GET', `/api/v1/order/${order.orderId}`, buyer);
    expect(read.body.data.state).toBe('paid');
  });

  it('refuses forged, stale, misnamed and undecryptable notifications with 601010', async () => {
    const { order } = await placed();
    fake.pay(order.orderNo);
    const good = fake.notification(order.orderNo);
    const cases: SignedNotification[] = [
      fake.notification(order.orderNo, { signingKey: stranger.privateKey }),
      fake.notification(order.orderNo, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }),
      fake.notification(order.orderNo, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      fake.notification(order.orderNo, { apiV3Key: 'Z'.repeat(32) }),
      // the body changed after signing: the amount inside cannot be reached without the key
      {
        headers: good.headers,
        body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
      },
      { headers: { ...good.headers, 'wechatpay-signature': '' }, body: good.body },
      { headers: { 'content-type': 'application/json' }, body: good.body },
    ];
    for (const notification of cases) {
      const res = await notify(notification);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.signatureFailed);
    }
    expect(await h.stateOf(order.orderId)).toBe('unpaid');
    expect(await notificationRows(order.orderId)).toEqual([]);
  });

  it('refuses a signed notification for another amount, currency or merchant with 601000', async () => {
    const { order } = await placed();
    fake.pay(order.orderNo);
    for (const resource of [
      { amount: { total: 1, currency: 'CNY' } },
      { amount: { total: 9900, currency: 'USD' } },
      { mchid: '1900000999' },
    ]) {
      const res = await notify(fake.notification(order.orderNo, { resource }));
      expect(res.json().code).toBe(ErrorCode.orderStateMismatch);
    }
    expect(await h.stateOf(order.orderId)).toBe('unpaid');
  });

  it('pays once when ten notifications race', async () => {
    const { order } = await placed();
    fake.pay(order.orderNo);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify(fake.notification(order.orderNo))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(204));
    expect(await h.grantCount(order.orderId)).toBe(1);
  });

  it('answers a notification for an unknown order 404, changing nothing', async () => {
    const res = await notify(fake.notification('0'.repeat(32)));
    expect(res.statusCode).toBe(404);
  });
});

describe('refunds through WeChat Pay', () => {
  it('completes at once when WeChat Pay answers SUCCESS', async () => {
    const { order } = await paidOrder();
    fake.refundAnswer = 'SUCCESS';
    const done = await h.call(
      'POST',
      `/api/system/v1/order/${order.orderId}/refund`,
      adminHeaders,
      {
        reason: '客户要求',
      },
    );
    expect(done.body.data.state).toBe('refundCompleted');
    const request = fake.requests.find(
      (r) => r.path === '/v3/refund/domestic/refunds' && r.body?.out_trade_no === order.orderNo,
    );
    expect(request?.body).toMatchObject({
      out_refund_no: order.orderNo,
      reason: '客户要求',
      amount: { refund: 9900, total: 9900, currency: 'CNY' },
    });
  });

  it('stays refunding while PROCESSING and completes on the REFUND.SUCCESS notification', async () => {
    const { order } = await paidOrder();
    fake.refundAnswer = 'PROCESSING';
    const pending = await h.call(
      'POST',
      `/api/system/v1/order/${order.orderId}/refund`,
      adminHeaders,
      {},
    );
    expect(pending.body.data.state).toBe('refunding');
    const res = await notify(fake.notification(order.orderNo, { eventType: 'REFUND.SUCCESS' }));
    expect(res.statusCode).toBe(204);
    expect(await h.stateOf(order.orderId)).toBe('refundCompleted');
    expect(await notificationRows(order.orderId)).toEqual([
      { outcome: 'paid' },
      { outcome: 'refunded' },
    ]);
  });

  it('completes a PROCESSING refund by the check job once WeChat Pay says SUCCESS', async () => {
    const { order } = await paidOrder();
    fake.refundAnswer = 'PROCESSING';
    await h.call('POST', `/api/system/v1/order/${order.orderId}/refund`, adminHeaders, {});
    const trade = fake.trades.get(order.orderNo)!;
    trade.refundStatus = 'SUCCESS';
    await t.db.execute(
      sql`update jobs set run_at = now() where kind = 'order.check-refund'
          and payload->>'orderId' = ${order.orderId}`,
    );
    await t.jobs.drain();
    expect(await h.stateOf(order.orderId)).toBe('refundCompleted');
  });
});
