// Times GET /api/system/v1/users with a keyword over 100,000 users (target: p95 under
// 50 ms on PostgreSQL) against the raw SQL of the same page and count, in the same run.
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=@library/source apps/server/bench/admin-users.bench.ts
// PGlite in memory by default. BENCH_USERS (100000) users are inserted and removed afterwards;
// BENCH_RUNS (40) timed runs of each query after 5 warm-up runs.
import { sql } from 'drizzle-orm';
import { Role } from '@library/contract';
import { openBenchApp } from './bench-app.js';
import { searchGrams } from '../src/modules/admin/admin-user.repo.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { grantRole } from '../src/modules/user/user.repo.js';
import { createUser } from '../src/modules/user/user.service.js';
import { out, timeRuns } from './report.js';

const userCount = Number(process.env.BENCH_USERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 40);
const domain = 'admin-bench.example';

const time = (fn: () => Promise<unknown>) => timeRuns(fn, runs);

async function main() {
  const { database, db, app, close } = await openBenchApp();
  try {
    const admin = await createUser(db, { nickname: '基准管理员', email: `admin@${domain}` });
    await grantRole(db, admin.id, Role.admin);
    const { token } = await issueToken(
      db,
      admin.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const loadStarted = performance.now();
    // Chinese names from common surnames and given-name characters, phones, addresses, spread
    // registration times
    await db.execute(sql`insert into users (mobile, email, nickname, invite_code, created_at)
      select '19' || lpad(g::text, 9, '0'), 'user' || g || ${`@${domain}`},
        (array['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭',
          '何','高','林','罗'])[1 + g % 20]
        || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛',
          '明','超','秀','霞','平','刚','桂','英','华','玉','萍','红','飞','鹏','辉'])[1 + (g / 20) % 30]
        || case when g % 3 = 0 then '' else (array['子','文','思','嘉','雨','欣','宇','浩',
          '梓','晨'])[1 + (g / 600) % 10] end,
        'BENCH' || g, now() - g * interval '1 minute'
      from generate_series(1, ${userCount}) g`);
    await db.execute(sql`analyze users`);
    out(`database: ${database.kind}; ${userCount} users`);
    out(`loaded in ${(performance.now() - loadStarted).toFixed(0)} ms`);

    const cases = [
      { label: 'a name, 2 characters (王芳)', keywords: '王芳' },
      { label: 'a name, 3 characters (李娜文)', keywords: '李娜文' },
      { label: 'part of a phone (0004567)', keywords: '0004567' },
      { label: 'part of an address (user8888@)', keywords: 'user8888@' },
      { label: 'no match (不存在的人)', keywords: '不存在的人' },
    ];
    const fmt = (s: { median: number; p95: number }) =>
      `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
    const line = (label: string, value: string) => out(`  ${label.padEnd(34)}${value}`);
    let worstP95 = 0;
    for (const entry of cases) {
      // what the list's condition amounts to, written by hand: the pieces index, then ILIKE
      const pattern = `%${entry.keywords}%`;
      const grams = searchGrams(entry.keywords);
      const where = sql`search_grams @> array[${sql.join(
        grams.map((gram) => sql`${gram}`),
        sql`, `,
      )}]::text[] and (nickname ilike ${pattern} or mobile ilike ${pattern}
        or email ilike ${pattern})`;
      const raw = () =>
        Promise.all([
          db.execute(sql`select * from users where ${where}
            order by created_at desc, id desc limit 10 offset 0`),
          db.execute(sql`select count(*) from users where ${where}`),
          db.execute(sql`select count(*) from users where status = 'pending'`),
        ]);
      const request = () =>
        app.inject({
          method: 'GET',
          url: `/api/system/v1/users?keywords=${encodeURIComponent(entry.keywords)}`,
          headers: { authorization: `Bearer ${token}` },
        });
      const first = await request();
      if (first.statusCode !== 200) throw new Error(`the list answered ${first.statusCode}`);
      const total = first.json().data.total as number;
      const api = await time(request);
      const sqlOnly = await time(raw);
      worstP95 = Math.max(worstP95, api.p95);
      out(`${entry.label}: ${total} match`);
      line('raw SQL (page, count, pending):', fmt(sqlOnly));
      line('GET /api/system/v1/users:', fmt(api));
      line('ratio api / raw SQL (median):', (api.median / sqlOnly.median).toFixed(2));
    }
    out(`worst p95 of the API: ${worstP95.toFixed(1)} ms (target on PostgreSQL: under 50 ms)`);
  } finally {
    await db.execute(sql`delete from users where email like ${`%@${domain}`}`);
    await close();
  }
}

await main();
