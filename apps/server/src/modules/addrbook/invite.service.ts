// The address book's 'new invites' (`/addrbook/invite/:inviteId`): friend requests, team
// invitations and join requests of the user in one list, the count of those waiting for the
// user's answer (the sidebar badge), and one invite by id (404 unless it is the user's).
// Answering stays with each kind's own call (`PUT /api/v1/friend/request/{id}`,
// `PUT /api/v1/team/invitation/{id}`, `PUT /api/v1/team/joinRequest/{id}`).
import { ErrorCode, type AddrbookInvite, type AddrbookInviteList } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { presentInvite, presentInviteList } from './invite.presenter.js';
import * as repo from './invite.repo.js';

export async function listInvites(
  db: Executor,
  userId: number,
  query: { page: number; pageSize: number },
): Promise<AddrbookInviteList> {
  const { rows, total } = await repo.listInvites(db, userId, query);
  return presentInviteList(rows, total, query);
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
