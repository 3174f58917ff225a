// Times the space access check of someone who is in a space through a team against someone who
// is in it directly (target: no slower than 1.5×), in the same run, over a team forest of
// 1,000 teams and 10,000 memberships: GET /api/v2/space/{id} and GET page blocks, each read
// checking the caller's roles in one query.
//   BENCH_DATABASE_URL=postgres://… npx tsx --conditions=@library/source apps/server/bench/team-access.bench.ts
// PGlite in memory by default. BENCH_RUNS (200) timed runs per round after 5 warm-ups, 3 rounds.
import { sql } from 'drizzle-orm';
import { openBenchApp } from './bench-app.js';
import { queryRows } from '../src/db/database.js';
import { issueToken } from '../src/modules/session/session.service.js';
import { createSpace } from '../src/modules/space/space.service.js';
import { createUser } from '../src/modules/user/user.service.js';
import { out, stats, timeRuns } from './report.js';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const domain = 'team-bench.example';

async function main() {
  const { database, db, app, close } = await openBenchApp();
  try {
    const loadStarted = performance.now();
    const owner = await createUser(db, { nickname: '部门负责人', email: `owner@${domain}` });
    const direct = await createUser(db, { nickname: '直接成员', email: `direct@${domain}` });
    const viaTeam = await createUser(db, { nickname: '团队成员', email: `team@${domain}` });
    await db.execute(sql`insert into users (email, nickname, invite_code)
      select 'member' || g || ${`@${domain}`}, '成员' || g, 'TEAMBENCH' || g
      from generate_series(1, 2000) g`);
    // ten trees of 100 teams: a root, 9 departments, 10 groups under each department
    await db.execute(sql`insert into teams (id, parent_id, path, name, owner_id, position)
      select id, null, array[id], '事业部' || g, ${owner.id}, lpad(g::text, 4, '0')
      from (select gen_random_uuid() id, g from generate_series(1, 10) g) r`);
    await db.execute(sql`insert into teams (id, parent_id, path, name, owner_id, position)
      select id, r.parent, array[r.parent, id], '部门' || g, ${owner.id}, lpad(g::text, 4, '0')
      from (select gen_random_uuid() id, t.id parent, g from teams t
        cross join generate_series(1, 9) g where t.parent_id is null and t.owner_id = ${owner.id}) r`);
    await db.execute(sql`insert into teams (id, parent_id, path, name, owner_id, position)
      select id, r.parent, r.parent_path || id, '小组' || g, ${owner.id}, lpad(g::text, 4, '0')
      from (select gen_random_uuid() id, t.id parent, t.path parent_path, g from teams t
        cross join generate_series(1, 10) g
        where array_length(t.path, 1) = 2 and t.owner_id = ${owner.id}) r`);
    // 10,000 memberships: each of 2,000 people in five teams
    await db.execute(sql`insert into team_members (team_id, user_id, role)
      select distinct on (t.id, u.id) t.id, u.id, 'member'
      from (select id, row_number() over (order by id) n from users
        where email like ${`member%@${domain}`}) u
      cross join generate_series(0, 4) k
      join (select id, row_number() over (order by id) - 1 n from teams
        where owner_id = ${owner.id}) t on t.n = (u.n * 7 + k * 211) % 1000`);
    // the team member sits in a group of the deepest level and in four other teams
    const deepest = await queryRows<{ id: string; parent_id: string }>(
      db,
      sql`select id, parent_id from teams where owner_id = ${owner.id}
        and array_length(path, 1) = 3 order by id limit 5`,
    );
    for (const team of deepest) {
      await db.execute(sql`insert into team_members (team_id, user_id, role)
        values (${team.id}, ${viaTeam.id}, 'member')`);
    }
    const [counted] = await queryRows<{ teams: number; memberships: number }>(
      db,
      sql`select (select count(*)::int from teams where owner_id = ${owner.id}) teams,
        (select count(*)::int from team_members m join teams t on t.id = m.team_id
          where t.owner_id = ${owner.id}) memberships`,
    );

    // the space: its reader group holds the team member's department (not the group itself),
    // 20 other teams and 200 people; the direct member is one of the people
    const space = await createSpace(db, owner.id, { name: '团队空间' });
    const [readers] = await queryRows<{ id: string }>(
      db,
      sql`select id from space_member_groups where space_id = ${space.id} and role = 'reader'`,
    );
    await db.execute(sql`insert into space_members (member_group_id, member_type, member_id)
      select ${readers!.id}, 'team', id::text from teams where owner_id = ${owner.id}
        and array_length(path, 1) = 2 order by id limit 20`);
    await db.execute(sql`insert into space_members (member_group_id, member_type, member_id)
      values (${readers!.id}, 'team', ${deepest[0]!.parent_id}),
        (${readers!.id}, 'user', ${String(direct.id)})`);
    await db.execute(sql`insert into space_members (member_group_id, member_type, member_id)
      select ${readers!.id}, 'user', id::text from users where email like ${`member%@${domain}`}
      order by id limit 200`);
    for (const table of ['teams', 'team_members', 'space_members']) {
      await db.execute(sql.raw(`analyze ${table}`));
    }
    out(`database: ${database.kind}; ${counted!.teams} teams, ${counted!.memberships} memberships`);
    out(`loaded in ${(performance.now() - loadStarted).toFixed(0)} ms`);

    const client = { client: 'web', deviceId: 'bench', deviceName: 'bench', version: '0.1' };
    const headersOf = async (userId: number) => ({
      authorization: `Bearer ${(await issueToken(db, userId, client, null)).token}`,
    });
    const callers = { direct: await headersOf(direct.id), team: await headersOf(viaTeam.id) };
    // a published page of 20 blocks, made as its owner would
    const ownerHeaders = await headersOf(owner.id);
    const created = await app.inject({
      method: 'POST',
      url: `/api/v2/space/${space.id}/page`,
      headers: ownerHeaders,
      payload: { name: '团队周报' },
    });
    const pageId = created.json().data.pageId as string;
    let after: string | null = null;
    const changes = Array.from({ length: 20 }, (_, i) => {
      const blockId = `b${i}`;
      const change = {
        op: 'upsert',
        blockId,
        afterBlockId: after,
        data: {
          id: blockId,
          type: 'paragraph',
          props: {},
          content: [{ type: 'text', text: `本周第 ${i + 1} 项进展`, styles: {} }],
          children: [],
        },
      };
      after = blockId;
      return change;
    });
    await app.inject({
      method: 'PUT',
      url: `/api/v2/space/page/${pageId}/block`,
      headers: ownerHeaders,
      payload: { baseRevision: 0, changes },
    });
    await app.inject({
      method: 'POST',
      url: `/api/v2/space/page/${pageId}/version`,
      headers: ownerHeaders,
      payload: { name: 'v1' },
    });
    const reads = {
      'GET /api/v2/space/{id}': `/api/v2/space/${space.id}`,
      'GET page blocks': `/api/v2/space/page/${pageId}/block?version=0`,
    };
    let worst = 0;
    for (const [name, url] of Object.entries(reads)) {
      const medians: Record<'direct' | 'team', number[]> = { direct: [], team: [] };
      const p95s: Record<'direct' | 'team', number[]> = { direct: [], team: [] };
      for (const who of ['direct', 'team'] as const) {
        const res = await app.inject({ method: 'GET', url, headers: callers[who] });
        if (res.statusCode !== 200) {
          throw new Error(`${who} member got ${res.statusCode} ${res.body} from ${url}`);
        }
      }
      // rounds alternate so that a noisy moment hurts both callers alike
      for (let round = 0; round < 3; round++) {
        for (const who of ['direct', 'team'] as const) {
          const timed = await timeRuns(
            () => app.inject({ method: 'GET', url, headers: callers[who] }),
            runs,
          );
          medians[who].push(timed.median);
          p95s[who].push(timed.p95);
        }
      }
      const median = (who: 'direct' | 'team') => stats(medians[who]).median;
      const ratio = median('team') / median('direct');
      worst = Math.max(worst, ratio);
      out(`${name}:`);
      out(
        `  direct member: median ${median('direct').toFixed(2)} ms, p95 ${stats(p95s.direct).median.toFixed(2)} ms`,
      );
      out(
        `  team member:   median ${median('team').toFixed(2)} ms, p95 ${stats(p95s.team).median.toFixed(2)} ms`,
      );
      out(`  ratio team / direct (median): ${ratio.toFixed(2)}`);
    }
    out(`worst ratio: ${worst.toFixed(2)} (target: at most 1.5)`);
  } finally {
    await db.execute(sql`delete from teams where owner_id in
      (select id from users where email like ${`%@${domain}`})`);
    await db.execute(sql`delete from spaces where owner_id in
      (select id from users where email like ${`%@${domain}`})`);
    await db.execute(sql`delete from users where email like ${`%@${domain}`}`);
    await close();
  }
}

await main();
