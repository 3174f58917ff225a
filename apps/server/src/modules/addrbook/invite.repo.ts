// The address book's 'new invites' in one query: friend requests (friend.repo.ts), team
// invitations to or from the user, and join requests the user made or may answer (to a live team
// the user manages, team.policy.ts's `managedTeamIdsSql`). Rows of teams in the recycle bin
// are left out. An invite's id is its row's uuid; the three tables never share one.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { friendRequestInviteRows } from './friend.repo.js';
import { managedTeamIdsSql } from './team.policy.js';

export interface InviteRow {
  id: string;
  kind: 'friendRequest' | 'teamInvitation' | 'teamJoinRequest';
  state: 'pending' | 'accepted' | 'declined';
  direction: 'received' | 'sent';
  message: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  team_id: string | null;
  team_name: string | null;
  from_id: string | number;
  from_nickname: string;
  from_avatar_key: string | null;
  to_id: string | number | null;
  to_nickname: string | null;
  to_avatar_key: string | null;
}

/** Every invite of the user, as one relation with the columns of `InviteRow` (without names). */
function invitesOf(userId: number): SQL {
  return sql`${friendRequestInviteRows(userId)}
    union all
    select i.id, 'teamInvitation', i.state, i.from_user_id, i.to_user_id, i.team_id, i.message,
      i.created_at, i.decided_at,
      case when i.to_user_id = ${userId} then 'received' else 'sent' end
    from team_invitations i join teams t on t.id = i.team_id and t.deleted_at is null
    where i.to_user_id = ${userId} or i.from_user_id = ${userId}
    union all
    select r.id, 'teamJoinRequest', r.state, r.user_id, r.decided_by, r.team_id, r.message,
      r.created_at, r.decided_at,
      case when r.user_id = ${userId} then 'sent' else 'received' end
    from team_join_requests r join teams t on t.id = r.team_id and t.deleted_at is null
    where r.user_id = ${userId} or r.team_id in (${managedTeamIdsSql(userId)})`;
}

const withNames = (userId: number, where: SQL) => sql`select x.id, x.kind, x.state, x.direction,
    x.message, x.created_at, x.decided_at, x.team_id, t.name as team_name,
    x.from_id, f.nickname as from_nickname, f.avatar_key as from_avatar_key,
    x.to_id, u.nickname as to_nickname, u.avatar_key as to_avatar_key
  from (${invitesOf(userId)}) x
  join users f on f.id = x.from_id
  left join users u on u.id = x.to_id
  left join teams t on t.id = x.team_id
  where ${where}`;

/** A page of the user's invites, newest first, with how many there are. */
export async function listInvites(
  db: Executor,
  userId: number,
  options: { page: number; pageSize: number },
) {
  const [rows, totals] = await Promise.all([
    queryRows<InviteRow>(
      db,
      sql`${withNames(userId, sql`true`)}
        order by x.created_at desc, x.id desc
        limit ${options.pageSize} offset ${options.page * options.pageSize}`,
    ),
    queryRows<{ value: number }>(
      db,
      sql`select count(*)::int as value from (${invitesOf(userId)}) x`,
    ),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}

/** One of the user's invites. */
export async function findInvite(db: Executor, userId: number, inviteId: string) {
  const [row] = await queryRows<InviteRow>(db, withNames(userId, sql`x.id = ${inviteId}::uuid`));
  return row;
}

/** What waits for the user's answer. */
export async function countPendingInvites(db: Executor, userId: number) {
  const [row] = await queryRows<{ value: number }>(
    db,
    sql`select count(*)::int as value from (${invitesOf(userId)}) x
      where x.state = 'pending' and x.direction = 'received'`,
  );
  return row?.value ?? 0;
}
