// The address book's 'new invites' (`/addrbook/invite/:inviteId`): friend requests, team
// invitations and join requests of the user in one list, the count of those waiting for the
// user's answer (the sidebar badge), and one invite by id (404 unless it is the user's).
// Answering stays with each kind's own call (`PUT /api/v1/friend/request/{id}`,
// `PUT /api/v1/team/invitation/{id}`, `PUT /api/v1/team/joinRequest/{id}`).
import {
  ErrorCode,
  type AddrbookInvite,
  type AddrbookInviteList,
  type InviteUser,
} from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { avatarPath } from '../user/index.js';
import * as repo from './invite.repo.js';
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

function presentInvite(row: InviteRow): AddrbookInvite {
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

export async function listInvites(
  db: Executor,
  userId: number,
  query: { page: number; pageSize: number },
): Promise<AddrbookInviteList> {
  const { rows, total } = await repo.listInvites(db, userId, query);
  return { list: rows.map(presentInvite), total, page: query.page, pageSize: query.pageSize };
}

export async function countPendingInvites(db: Executor, userId: number) {
  return { pending: await repo.countPendingInvites(db, userId) };
}

export async function getInvite(
  db: Executor,
  userId: number,
  inviteId: string,
): Promise<AddrbookInvite> {
  const row = await repo.findInvite(db, userId, inviteId);
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return presentInvite(row);
}
