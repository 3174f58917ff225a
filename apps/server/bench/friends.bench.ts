// Times GET /api/v1/friend with and without keywords for a user with 5,000 friends in 20 groups
// (target: p95 under 50 ms), against the raw SQL of the same rows, in the same run.
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=@library/source apps/server/bench/friends.bench.ts
// PGlite in memory by default. BENCH_FRIENDS (5000); BENCH_RUNS (40) timed runs after 5 warm-ups.
import { sql } from 'drizzle-orm';
import { openBenchApp } from './bench-app.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { out, timeRuns } from './report.js';

const friendCount = Number(process.env.BENCH_FRIENDS ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 40);
const domain = 'friends-bench.example';

const time = (fn: () => Promise<unknown>) => timeRuns(fn, runs);

async function main() {
  const { database, db, app, close } = await openBenchApp();
  try {
    const me = await createUser(db, { nickname: '人缘很好', email: `me@${domain}` });
    const { token } = await issueToken(
      db,
      me.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const loadStarted = performance.now();
    await db.execute(sql`insert into friend_groups (user_id, name, is_default, position)
      select ${me.id}, '分组' || g, g = 1, lpad(g::text, 4, '0') from generate_series(1, 20) g`);
    await db.execute(sql`insert into users (mobile, email, nickname, invite_code)
      select '18' || lpad(g::text, 9, '0'), 'friend' || g || ${`@${domain}`},
        (array['王','李','张','刘','陈','杨','黄','赵','吴','周'])[1 + g % 10]
        || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳'])[1 + (g / 10) % 12]
        || g, 'FRIENDBENCH' || g
      from generate_series(1, ${friendCount}) g`);
    await db.execute(sql`insert into friendships (user_id, friend_id, group_id, remark)
      select ${me.id}, u.id,
        (select id from friend_groups where user_id = ${me.id}
          order by position offset (u.id % 20) limit 1),
        case when u.id % 7 = 0 then '同事' || u.id else '' end
      from users u where u.email like ${`friend%@${domain}`}`);
    // one statement per call: PGlite prepares what it is given, and a prepared statement is one
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze friendships`);
    out(`database: ${database.kind}; ${friendCount} friends in 20 groups`);
    out(`loaded in ${(performance.now() - loadStarted).toFixed(0)} ms`);

    const fmt = (s: { median: number; p95: number }) =>
      `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
    let worst = 0;
    for (const keywords of ['', '王芳', '同事', '00000012']) {
      const pattern = `%${keywords}%`;
      const raw = () =>
        db.execute(sql`select f.*, u.id, u.nickname, u.avatar_key from friendships f
          join users u on u.id = f.friend_id
          where f.user_id = ${me.id} ${
            keywords
              ? sql`and (u.nickname ilike ${pattern} or f.remark ilike ${pattern}
                  or u.mobile ilike ${pattern})`
              : sql``
          }
          order by f.created_at, f.friend_id`);
      const request = () =>
        app.inject({
          method: 'GET',
          url: `/api/v1/friend?keywords=${encodeURIComponent(keywords)}`,
          headers: { authorization: `Bearer ${token}` },
        });
      const first = await request();
      if (first.statusCode !== 200) throw new Error(`the friend list answered ${first.statusCode}`);
      const api = await time(request);
      const sqlOnly = await time(raw);
      worst = Math.max(worst, api.p95);
      out(`keywords '${keywords}': ${first.json().data.total} friends`);
      out(`  raw SQL:               ${fmt(sqlOnly)}`);
      out(`  GET /api/v1/friend:    ${fmt(api)}`);
      out(`  ratio api / raw (median): ${(api.median / sqlOnly.median).toFixed(2)}`);
    }
    out(`worst p95 of the API: ${worst.toFixed(1)} ms (target: under 50 ms)`);
  } finally {
    await db.execute(sql`delete from users where email like ${`%@${domain}`}`);
    await close();
  }
}

await main();
