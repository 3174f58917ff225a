// What leaves the server about the address book's invites: friend requests, team invitations
// and join requests in one shape, with whether the caller may answer each.
import type { AddrbookInvite, AddrbookInviteList, InviteUser } from '@library/contract';
import { avatarPath } from '../user/index.js';
import type { InviteRow } from './invite.repo.js';

const iso = (value: Date | string) => new Date(value).toISOString();

function person(
  id: string | number,
  nickname: string | null,
  avatarKey: string | null,
): InviteUser {
  return {
    userId: String(id),
    nickname: nickname ?? '',
    avatar: avatarPath({ id: Number(id), avatarKey }),
  };
}

export function presentInvite(row: InviteRow): AddrbookInvite {
  return {
    inviteId: row.id,
    kind: row.kind,
    state: row.state,
    direction: row.direction,
    from: person(row.from_id, row.from_nickname, row.from_avatar_key),
    to: row.to_id === null ? null : person(row.to_id, row.to_nickname, row.to_avatar_key),
    team: row.team_id === null ? null : { teamId: row.team_id, name: row.team_name ?? '' },
    message: row.message,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    // the list holds received join requests only of teams the user manages
    abilities: { canAnswer: row.state === 'pending' && row.direction === 'received' },
  };
}

export function presentInviteList(
  rows: InviteRow[],
  total: number,
  query: { page: number; pageSize: number },
): AddrbookInviteList {
  return { list: rows.map(presentInvite), total, page: query.page, pageSize: query.pageSize };
}
