// Notifications at scale, each figure beside a baseline in the same run:
// - a version published in a space with 10,000 watchers (members of its reader group): the job
//   that tells them, timed from the publish to the last notification written, beside one SQL
//   statement inserting the same 10,000 rows;
// - the inbox of someone with 100,000 notifications: `GET /api/v1/notification` (first page, all
//   and unread only) p95, beside the raw SQL of the same page and counts.
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=@library/source apps/server/bench/notification.bench.ts
// PGlite in memory by default. BENCH_WATCHERS (10000), BENCH_NOTIFICATIONS (100000), BENCH_RUNS (100).
import { sql } from 'drizzle-orm';
import { openBenchApp } from './bench-app.js';
import { queryRows } from '../src/db/database.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { loadAverage, out, timeRuns } from './report.js';

const watchers = Number(process.env.BENCH_WATCHERS ?? 10_000);
const inboxSize = Number(process.env.BENCH_NOTIFICATIONS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 100);
const domain = 'notify-bench.example';

async function main() {
  const { db, app, close } = await openBenchApp('library-notify-bench-');
  try {
    out(`load average before: ${loadAverage()}`);
    const owner = await createUser(db, { nickname: '空间主人', email: `owner@${domain}` });
    const { token } = await issueToken(
      db,
      owner.id,
      { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' },
      null,
    );
    const headers = { authorization: `Bearer ${token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, payload });
      const body = res.json() as { code: number; data: unknown };
      if (body.code !== 0) throw new Error(`${method} ${url}: ${res.body}`);
      return body.data;
    };

    // the space, 10,000 readers each watching it, and a page of the owner's
    const space = await createSpace(db, owner.id, { name: '全员空间' });
    await db.execute(sql`insert into users (email, nickname, invite_code)
      select 'watcher' || g || ${`@${domain}`}, '读者' || g, 'NOTIFYBENCH' || g
      from generate_series(1, ${watchers}) g`);
    const [readers] = await queryRows<{ id: string }>(
      db,
      sql`select id from space_member_groups where space_id = ${space.id} and role = 'reader'`,
    );
    await db.execute(sql`insert into space_members (member_group_id, member_type, member_id)
      select ${readers!.id}, 'user', id::text from users where email like ${`watcher%@${domain}`}`);
    await db.execute(sql`insert into watches (user_id, target_type, target_id, space_id, watching)
      select id, 'space', ${space.id}, ${space.id}, true from users
      where email like ${`watcher%@${domain}`}`);
    const { pageId } = (await call('POST', `/api/v2/space/${space.id}/page`, {
      name: '全员通知',
    })) as { pageId: string };
    await app.jobs.drain();

    // the publish and the job that tells the watchers
    const published = performance.now();
    await call('POST', `/api/v2/space/page/${pageId}/version`, { name: '第一版' });
    await app.jobs.drain();
    const fanOut = performance.now() - published;
    const [told] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int n from notifications where page_id = ${pageId}`,
    );
    // baseline: the same rows by one statement
    const bulkStarted = performance.now();
    await db.execute(sql`insert into notifications
        (user_id, type, actor_id, space_id, page_id, title, excerpt)
      select id, 'publish', ${owner.id}, ${space.id}, ${pageId}, '全员通知', '第一版' from users
      where email like ${`watcher%@${domain}`}`);
    const bulk = performance.now() - bulkStarted;
    out(`\npublish to ${watchers} watchers: ${told!.n} told`);
    out(
      `  publish + fan-out job  ${fanOut.toFixed(0)} ms  (${((told!.n / fanOut) * 1000).toFixed(0)} people/s)`,
    );
    out(`  one INSERT … SELECT    ${bulk.toFixed(0)} ms  → ${(fanOut / bulk).toFixed(1)}×`);

    // an inbox of 100,000, a tenth unread
    await db.execute(sql`insert into notifications
        (user_id, type, actor_id, space_id, page_id, title, excerpt, read_at, created_at)
      select ${owner.id}, 'comment', ${owner.id}, ${space.id}, ${pageId}, '全员通知',
        '第 ' || g || ' 条评论', case when g % 10 = 0 then null else now() end,
        now() - make_interval(secs => ${inboxSize} - g)
      from generate_series(1, ${inboxSize}) g`);
    await db.execute(sql`analyze notifications`);
    const all = await timeRuns(() => call('GET', '/api/v1/notification?page=0&pageSize=20'), runs);
    const unread = await timeRuns(
      () => call('GET', '/api/v1/notification?page=0&pageSize=20&unreadOnly=true'),
      runs,
    );
    const raw = await timeRuns(
      () =>
        Promise.all([
          queryRows(
            db,
            sql`select * from notifications where user_id = ${owner.id}
              order by id desc limit 20`,
          ),
          queryRows(
            db,
            sql`select count(*) total, count(*) filter (where read_at is null) unread
              from notifications where user_id = ${owner.id}`,
          ),
        ]),
      runs,
    );
    out(`\ninbox of ${inboxSize} (p50 / p95, ${runs} runs)`);
    out(`  raw SQL page + counts      ${raw.median.toFixed(1)} / ${raw.p95.toFixed(1)} ms`);
    out(
      `  GET …/notification         ${all.median.toFixed(1)} / ${all.p95.toFixed(1)} ms  → ${(all.p95 / raw.p95).toFixed(1)}× p95`,
    );
    out(
      `  GET …?unreadOnly=true      ${unread.median.toFixed(1)} / ${unread.p95.toFixed(1)} ms  → ${(unread.p95 / raw.p95).toFixed(1)}× p95`,
    );
    out(`\nload average after: ${loadAverage()}`);
  } finally {
    await close();
  }
}

await main();
