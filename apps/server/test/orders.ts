// What the order tests share: an administrator who keeps goods, buyers, and calls by name.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { Role, type GoodsRequest, type Order } from '@library/contract';
import { queryRows } from '../src/db/database.js';
import { authHeader, buildUser } from './factories.js';
import type { TestApp } from './test-app.js';

export type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function orderCalls(t: TestApp) {
  const call = async (method: Method, url: string, headers: Headers, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json(), raw: res };
  };

  const person = async () => {
    const user = await buildUser(t.db);
    return { user, headers: await authHeader(t.db, user.id) };
  };

  const admin = async () => {
    const user = await buildUser(t.db, { roles: [Role.admin] });
    return { user, headers: await authHeader(t.db, user.id) };
  };

  /** A goods made through the administrators' call. */
  const goods = async (adminHeaders: Headers, fields: Partial<GoodsRequest> = {}) => {
    const res = await call('POST', '/api/system/v1/goods', adminHeaders, {
      name: '专业版',
      kind: 'personal',
      prices: { CNY: 9900, USD: 1500 },
      quotas: { spaces: 100 },
      termDays: 30,
      ...fields,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data as { goodsId: string };
  };

  /** Places an order and answers it. */
  const order = async (buyer: Headers, goodsId: string, payType = 'sandbox', locale = 'zh_CN') => {
    const res = await call('POST', '/api/v1/order', { ...buyer, locale }, { goodsId, payType });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data as Order;
  };

  const stateOf = async (orderId: string) =>
    (
      await queryRows<{ state: string }>(t.db, sql`select state from orders where id = ${orderId}`)
    )[0]?.state;

  const grantCount = async (orderId: string) =>
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from quota_grants where order_id = ${orderId}`,
      )
    )[0]?.n;

  /** Moves an unpaid order's time past its end and makes its expiry job due now. */
  const timeUp = async (orderId: string) => {
    await t.db.execute(
      sql`update orders set expires_at = now() - interval '1 second' where id = ${orderId}`,
    );
    await t.db.execute(
      sql`update jobs set run_at = now() - interval '1 second'
          where kind = 'order.expire' and payload->>'orderId' = ${orderId}`,
    );
  };

  return { call, person, admin, goods, order, stateOf, grantCount, timeUp };
}
