// The ways into a team besides a manager adding a friend directly: the team's join link (its
// managers read or reset the code; anyone logged in holding it asks to join, and a manager
// answers) and invitations (a manager invites a friend; the invitee answers). Each is answered
// once (500002; of two answers at once one wins); accepting goes through the one way in,
// `admitMember` (500003 when in already, the root owner's member quotas 700109–700112). A team
// in the recycle bin takes none of these calls (404); what waits for it shows again when it is
// restored.
import crypto from 'node:crypto';
import {
  ErrorCode,
  type AddrbookInvite,
  type Quotas,
  type TeamJoinCode,
  type TeamJoinPreview,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { invitePath, notifyPeople } from '../notification/index.js';
import { findFriend } from './friend.repo.js';
import { getInvite } from './invite.service.js';
import * as repo from './team-invite.repo.js';
import {
  countMembers,
  findMember,
  findTeam,
  lockTeam,
  managersOf,
  teamsWithAncestorNames,
} from './team.repo.js';
import { mayAnswerInvitation, mayInvite } from './team.policy.js';
import { presentJoinCode, presentJoinPreview } from './team.presenter.js';
import { admitMember, admitting, managedTeam, userManagesTeam } from './team.service.js';

const notFound = (detail?: string) => new AppError(ErrorCode.dataMissing, detail ? { detail } : {});
const alreadyProcessed = () => new AppError(ErrorCode.requestProcessed);

/** 256 random bits, base64url: a link nobody guesses. */
const newJoinCode = () => crypto.randomBytes(32).toString('base64url');

/** The team's join link (made on first ask); managers only. */
export async function getJoinCode(
  db: Database,
  userId: number,
  teamId: string,
): Promise<TeamJoinCode> {
  const team = await managedTeam(db, userId, teamId);
  const code = team.joinCode ?? (await repo.ensureJoinCode(db, teamId, newJoinCode()));
  if (!code) throw notFound();
  return presentJoinCode(teamId, code);
}

/** A new join link; the old one leads nowhere from now on. */
export async function resetJoinCode(
  db: Database,
  userId: number,
  teamId: string,
): Promise<TeamJoinCode> {
  await managedTeam(db, userId, teamId);
  const code = newJoinCode();
  await repo.setJoinCode(db, teamId, code);
  return presentJoinCode(teamId, code);
}

const unknownCode = () =>
  notFound('the join link is not valid: it was reset, or its team was deleted');

async function teamOfCode(db: Database, code: string) {
  const team = await repo.findTeamByJoinCode(db, code);
  if (!team) throw unknownCode();
  return team;
}

/** What a join link leads to: the team's name, and whether the caller is in or has asked. */
export async function previewJoin(
  db: Database,
  userId: number,
  code: string,
): Promise<TeamJoinPreview> {
  const team = await teamOfCode(db, code);
  const [member, pending, memberCount, names] = await Promise.all([
    findMember(db, team.id, userId),
    repo.findPendingJoinRequest(db, team.id, userId),
    countMembers(db, team.id),
    teamsWithAncestorNames(db, [team.id]),
  ]);
  return presentJoinPreview(team, {
    path: names.get(team.id)?.path ?? [],
    memberCount,
    isMember: member !== undefined,
    pendingRequest: pending ? await getInvite(db, userId, pending.id) : null,
  });
}

/** Asks to join the team of the code; a second ask while the first waits answers the first. */
export async function requestToJoin(
  db: Database,
  userId: number,
  input: { code: string; message: string },
): Promise<AddrbookInvite> {
  const team = await teamOfCode(db, input.code);
  if (await findMember(db, team.id, userId)) throw new AppError(ErrorCode.alreadyInTeam);
  const existing = await repo.findPendingJoinRequest(db, team.id, userId);
  const id =
    existing?.id ??
    (await db.transaction(async (tx) => {
      const filed = await repo.insertJoinRequest(tx, {
        teamId: team.id,
        userId,
        message: input.message,
      });
      // those who may answer it: the managers of the team and of every team above it
      if (filed) {
        const managers = await managersOf(tx, team);
        await notifyPeople(
          tx,
          managers.map((managerId) => ({
            userId: managerId,
            type: 'invite' as const,
            event: 'teamJoinRequest' as const,
            actorId: userId,
            title: team.name,
            excerpt: input.message,
            link: invitePath(filed),
          })),
        );
      }
      return filed;
    })) ??
    // asked twice at once: the other ask filed it
    (await repo.findPendingJoinRequest(db, team.id, userId))?.id;
  if (!id) throw alreadyProcessed();
  return getInvite(db, userId, id);
}

/** A manager of the team (or above) accepts or declines a join request; once (500002). */
export async function answerJoinRequest(
  db: Database,
  userId: number,
  requestId: string,
  accept: boolean,
  site: Quotas,
): Promise<AddrbookInvite> {
  const request = await repo.findJoinRequest(db, requestId);
  const team = request && (await findTeam(db, request.teamId));
  // someone else's request, or one of a team in the bin, looks missing
  if (!request || !team || !(await userManagesTeam(db, userId, team))) throw notFound();
  await admitting(() =>
    db.transaction(async (tx) => {
      // the root team's row first, as every way into the tree takes it (no deadlock with a
      // direct add settling this request)
      if (accept) await lockTeam(tx, team.path[0]!);
      const state = accept ? 'accepted' : 'declined';
      if (!(await repo.decideJoinRequest(tx, requestId, state, userId))) throw alreadyProcessed();
      if (accept) {
        await admitMember(
          tx,
          { teamId: team.id, memberId: request.userId, role: 'member', actorId: userId },
          site,
        );
      }
    }),
  );
  return getInvite(db, userId, requestId);
}

/** A manager invites one of their friends (200003 otherwise); a second invite answers the first. */
export async function inviteToTeam(
  db: Database,
  userId: number,
  teamId: string,
  input: { userId: number; message: string },
): Promise<AddrbookInvite> {
  const team = await managedTeam(db, userId, teamId);
  const isFriend = (await findFriend(db, userId, input.userId)) !== undefined;
  if (!mayInvite(userId, input.userId, isFriend)) throw new AppError(ErrorCode.userMissing);
  if (await findMember(db, teamId, input.userId)) throw new AppError(ErrorCode.alreadyInTeam);
  const existing = await repo.findPendingInvitation(db, teamId, input.userId);
  const id =
    existing?.id ??
    (await db.transaction(async (tx) => {
      const filed = await repo.insertInvitation(tx, {
        teamId,
        fromUserId: userId,
        toUserId: input.userId,
        message: input.message,
      });
      if (filed) {
        await notifyPeople(tx, [
          {
            userId: input.userId,
            type: 'invite',
            event: 'teamInvitation',
            actorId: userId,
            title: team.name,
            excerpt: input.message,
            link: invitePath(filed),
          },
        ]);
      }
      return filed;
    })) ??
    (await repo.findPendingInvitation(db, teamId, input.userId))?.id;
  if (!id) throw alreadyProcessed();
  return getInvite(db, userId, id);
}

/** The invitee accepts (joins as a member) or declines an invitation; once (500002). */
export async function answerInvitation(
  db: Database,
  userId: number,
  invitationId: string,
  accept: boolean,
  site: Quotas,
): Promise<AddrbookInvite> {
  const invitation = await repo.findInvitation(db, invitationId);
  const team = invitation && (await findTeam(db, invitation.teamId));
  if (!invitation || !team || !mayAnswerInvitation(userId, invitation)) throw notFound();
  await admitting(() =>
    db.transaction(async (tx) => {
      if (accept) await lockTeam(tx, team.path[0]!);
      const state = accept ? 'accepted' : 'declined';
      if (!(await repo.decideInvitation(tx, invitationId, state))) throw alreadyProcessed();
      if (accept) {
        await admitMember(
          tx,
          { teamId: team.id, memberId: userId, role: 'member', actorId: userId },
          site,
        );
      }
    }),
  );
  return getInvite(db, userId, invitationId);
}
