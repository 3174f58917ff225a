// The order matrix: a buyer and someone else × an order — `ownsOrder` and, on a real database,
// `ownOrdersSql` agree; then the administration's calls × what a caller holds (nothing,
// `orders:read`, `orders:write`, both, the ADMIN role), through the resources a real role grants.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type SystemResource } from '@library/contract';
import { orders } from '../../db/schema/index.js';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { resourcesOf } from '../admin/index.js';
import { insertRole, replaceResources } from '../admin/role.repo.js';
import {
  orderAdminResource,
  ownOrdersSql,
  ownsOrder,
  type OrderAdminAction,
} from './order.policy.js';
import { insertGoods, insertOrder } from './order.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a buyer's orders", () => {
  it('ownsOrder and ownOrdersSql keep the buyer’s own orders and nobody else’s', async () => {
    const [buyer, other, stranger] = [
      await buildUser(t.db),
      await buildUser(t.db),
      await buildUser(t.db),
    ];
    const goods = await insertGoods(t.db, {
      name: '专业版',
      kind: 'personal',
      priceCny: 9900,
      priceUsd: 1500,
      termDays: 30,
    });
    const made = [];
    for (const user of [buyer, buyer, other]) {
      made.push(
        await insertOrder(t.db, {
          orderNo: randomUUID().replaceAll('-', ''),
          userId: user.id,
          goodsId: goods.id,
          goodsName: goods.name,
          goodsKind: goods.kind,
          quotas: {},
          termDays: 30,
          amount: 9900,
          currency: 'CNY',
          payType: 'sandbox',
          expiresAt: new Date(Date.now() + 60_000),
        }),
      );
    }
    const expected = { [buyer.id]: 2, [other.id]: 1, [stranger.id]: 0 };
    for (const user of [buyer, other, stranger]) {
      const listed = (
        await t.db.select({ id: orders.id }).from(orders).where(ownOrdersSql(user.id))
      )
        .map((row) => row.id)
        .sort();
      const rule = made
        .filter((order) => ownsOrder(user.id, order))
        .map((order) => order.id)
        .sort();
      expect(listed).toEqual(rule);
      expect(rule).toHaveLength(expected[user.id]!);
    }
  });
});

describe('the administration of goods and orders', () => {
  type Holder = 'nothing' | 'read' | 'write' | 'both' | 'ADMIN';
  const actions = Object.keys(orderAdminResource) as OrderAdminAction[];

  // prettier-ignore
  const matrix: Record<OrderAdminAction, Record<Holder, boolean>> = {
    listGoods:    { nothing: false, read: true,  write: false, both: true, ADMIN: true },
    editGoods:    { nothing: false, read: false, write: true,  both: true, ADMIN: true },
    listOrders:   { nothing: false, read: true,  write: false, both: true, ADMIN: true },
    exportOrders: { nothing: false, read: true,  write: false, both: true, ADMIN: true },
    readOrder:    { nothing: false, read: true,  write: false, both: true, ADMIN: true },
    refund:       { nothing: false, read: false, write: true,  both: true, ADMIN: true },
    closeRefund:  { nothing: false, read: false, write: true,  both: true, ADMIN: true },
  };

  it('covers every call', () => {
    expect(Object.keys(matrix).sort()).toEqual([...actions].sort());
  });

  it('answers every cell through the resources a role grants', async () => {
    const granted: Record<Exclude<Holder, 'ADMIN'>, SystemResource[]> = {
      nothing: [],
      read: ['orders:read'],
      write: ['orders:write'],
      both: ['orders:read', 'orders:write'],
    };
    const held = new Map<Holder, SystemResource[]>();
    for (const [holder, resources] of Object.entries(granted)) {
      const name = `ORDERS_${holder.toUpperCase()}_${randomUUID().slice(0, 8)}`;
      await insertRole(t.db, { name, title: name });
      await replaceResources(t.db, name, resources);
      const user = await buildUser(t.db, { roles: [name] });
      held.set(holder as Holder, await resourcesOf(t.db, user.id));
    }
    const admin = await buildUser(t.db, { roles: [Role.admin] });
    held.set('ADMIN', await resourcesOf(t.db, admin.id));

    const answers: string[] = [];
    const rule: string[] = [];
    for (const action of actions) {
      for (const [holder, resources] of held) {
        answers.push(`${action} ${holder}: ${resources.includes(orderAdminResource[action])}`);
        rule.push(`${action} ${holder}: ${matrix[action][holder]}`);
      }
    }
    expect(answers).toEqual(rule);
  });
});
