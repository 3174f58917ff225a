// 1,000 concurrent payment notifications for 100 orders: each order must be paid
// exactly once — one state change, one quota grant — however many signed notifications race for
// it. The notifications go through the real Alipay adapter (RSA2-verified, against a loopback fake
// gateway that signs like Alipay) and the real route. Exits 1 if any order is paid twice or not at
// all, or any notification is not answered 'success'.
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=@library/source apps/server/bench/orders.bench.ts
// PGlite in memory by default. BENCH_ORDERS (100), BENCH_NOTIFICATIONS (1000).
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectPostgres, queryRows, wrapPglite } from '../src/db/database.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { grantRole } from '../src/modules/user/user.repo.js';
import { createUser } from '../src/modules/user/user.service.js';
import { startFakeAlipay } from '../test/fakes/alipay.js';
import { out } from './report.js';

const orderCount = Number(process.env.BENCH_ORDERS ?? 100);
const notificationCount = Number(process.env.BENCH_NOTIFICATIONS ?? 1000);
const client = { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' };

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const database = url
    ? connectPostgres(url, 10)
    : wrapPglite(await PGlite.create({ extensions: { vector } }));
  await database.migrate();
  const db = database.db;
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = await startFakeAlipay({
    appId: '2021000000000001',
    appPublicKey: appKeys.publicKey,
    alipayPrivateKey: alipayKeys.privateKey,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '1000000',
    PAYMENT_PROVIDERS: 'alipay',
    PAYMENT_NOTIFY_BASE_URL: 'https://library.example',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_PRIVATE_KEY: appKeys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ALIPAY_PUBLIC_KEY: alipayKeys.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    ALIPAY_GATEWAY: fake.gateway,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  let failed = false;
  try {
    const stamp = Date.now();
    const admin = await createUser(db, {
      nickname: '管理员',
      email: `admin-${stamp}@bench.example`,
    });
    await grantRole(db, admin.id, 'ADMIN');
    const adminToken = (await issueToken(db, admin.id, client, null)).token;
    const goods = await app.inject({
      method: 'POST',
      url: '/api/system/v1/goods',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: {
        name: '团队版',
        kind: 'team',
        prices: { CNY: 19900, USD: 2900 },
        quotas: { spaces: 500 },
        termDays: 365,
      },
    });
    const goodsId = goods.json().data.goodsId as string;

    const placeStarted = performance.now();
    const orders: Array<{ orderId: string; orderNo: string }> = [];
    for (let i = 0; i < orderCount; i += 1) {
      const buyer = await createUser(db, {
        nickname: `买家${i}`,
        email: `buyer-${stamp}-${i}@bench.example`,
      });
      const token = (await issueToken(db, buyer.id, client, null)).token;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/order',
        headers: { authorization: `Bearer ${token}` },
        payload: { goodsId, payType: 'alipay' },
      });
      const order = res.json().data as { orderId: string; orderNo: string };
      fake.pay(order.orderNo);
      orders.push(order);
    }
    out(
      `database: ${database.kind}; ${orderCount} orders placed through the Alipay adapter in ${(performance.now() - placeStarted).toFixed(0)} ms`,
    );

    // each notification signed on its own (its own notify_id), as Alipay resends them
    const signStarted = performance.now();
    const bodies = Array.from({ length: notificationCount }, (_, i) =>
      fake.notification(orders[i % orders.length]!.orderNo),
    );
    for (let i = bodies.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
    }
    out(
      `${notificationCount} signed notifications prepared in ${(performance.now() - signStarted).toFixed(0)} ms`,
    );

    const started = performance.now();
    const answers = await Promise.all(
      bodies.map((payload) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/pay/notify/alipay',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          payload,
        }),
      ),
    );
    const elapsed = performance.now() - started;
    const answered = answers.filter((res) => res.statusCode === 200 && res.body === 'success');

    const ids = orders.map((order) => order.orderId);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const [counts] = await queryRows<{ paid: number; grants: number; twice: number }>(
      db,
      sql`select
        (select count(*)::int from orders where id in (${idList}) and state = 'paid') as paid,
        (select count(*)::int from quota_grants where order_id in (${idList})) as grants,
        (select count(*)::int from (select order_id from payment_notifications
          where order_id in (${idList}) and outcome = 'paid'
          group by order_id having count(*) > 1) t) as twice`,
    );
    const outcomes = await queryRows<{ outcome: string; n: number }>(
      db,
      sql`select outcome, count(*)::int as n from payment_notifications
        where order_id in (${idList}) group by outcome order by outcome`,
    );
    out(
      `${notificationCount} concurrent notifications for ${orderCount} orders settled in ${elapsed.toFixed(0)} ms ` +
        `(${((notificationCount / elapsed) * 1000).toFixed(0)} per second)`,
    );
    out(`answered 'success': ${answered.length} of ${notificationCount}`);
    out(`paid orders: ${counts?.paid ?? 0} of ${orderCount}; quota grants: ${counts?.grants ?? 0}`);
    out(`notifications recorded: ${outcomes.map((row) => `${row.outcome} ${row.n}`).join(', ')}`);
    out(`orders paid more than once: ${counts?.twice ?? 0}`);
    failed =
      answered.length !== notificationCount ||
      counts?.paid !== orderCount ||
      counts?.grants !== orderCount ||
      counts?.twice !== 0;
    out(
      failed
        ? 'FAILED: an order was not settled exactly once'
        : 'ok: every order settled exactly once',
    );
  } finally {
    await app.close();
    await fake.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
