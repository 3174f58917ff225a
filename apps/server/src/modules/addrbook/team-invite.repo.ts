// Queries of the ways into a team: join codes, join requests and invitations. Each is answered
// once: the answer is a conditional update (`state = 'pending'`), so of two answers at once the
// second finds nothing to change.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { teamInvitations, teamJoinRequests, teams } from '../../db/schema/index.js';

export type TeamJoinRequestRow = typeof teamJoinRequests.$inferSelect;
export type TeamInvitationRow = typeof teamInvitations.$inferSelect;

/** Sets the team's join code unless it has one; answers the code it holds afterwards. */
export async function ensureJoinCode(db: Executor, teamId: string, fresh: string) {
  await db
    .update(teams)
    .set({ joinCode: fresh })
    .where(and(eq(teams.id, teamId), isNull(teams.joinCode)));
  const [row] = await db
    .select({ joinCode: teams.joinCode })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  return row?.joinCode ?? null;
}

export async function setJoinCode(db: Executor, teamId: string, code: string) {
  await db.update(teams).set({ joinCode: code }).where(eq(teams.id, teamId));
}

/** The live team whose join link holds the code. */
export async function findTeamByJoinCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.joinCode, code), isNull(teams.deletedAt)))
    .limit(1);
  return row;
}

// --- join requests -------------------------------------------------------------------------

export async function findJoinRequest(db: Executor, requestId: string) {
  const [row] = await db
    .select()
    .from(teamJoinRequests)
    .where(eq(teamJoinRequests.id, requestId))
    .limit(1);
  return row;
}

/** The user's pending request to join the team. */
export async function findPendingJoinRequest(db: Executor, teamId: string, userId: number) {
  const [row] = await db
    .select()
    .from(teamJoinRequests)
    .where(
      and(
        eq(teamJoinRequests.teamId, teamId),
        eq(teamJoinRequests.userId, userId),
        eq(teamJoinRequests.state, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** Files a pending request; answers its id, or null when one was pending already. */
export async function insertJoinRequest(
  db: Executor,
  row: { teamId: string; userId: number; message: string },
) {
  const [created] = await db
    .insert(teamJoinRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: teamJoinRequests.id });
  return created?.id ?? null;
}

/** Answers a pending join request; false when it was answered already. */
export async function decideJoinRequest(
  db: Executor,
  requestId: string,
  state: 'accepted' | 'declined',
  decidedBy: number,
) {
  const rows = await db
    .update(teamJoinRequests)
    .set({ state, decidedAt: new Date(), decidedBy })
    .where(and(eq(teamJoinRequests.id, requestId), eq(teamJoinRequests.state, 'pending')))
    .returning({ id: teamJoinRequests.id });
  return rows.length > 0;
}

// --- invitations ---------------------------------------------------------------------------

export async function findInvitation(db: Executor, invitationId: string) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.id, invitationId))
    .limit(1);
  return row;
}

/** The pending invitation of the user into the team, whoever sent it. */
export async function findPendingInvitation(db: Executor, teamId: string, toUserId: number) {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.toUserId, toUserId),
        eq(teamInvitations.state, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

/** Files a pending invitation; answers its id, or null when one was pending already. */
export async function insertInvitation(
  db: Executor,
  row: { teamId: string; fromUserId: number; toUserId: number; message: string },
) {
  const [created] = await db
    .insert(teamInvitations)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: teamInvitations.id });
  return created?.id ?? null;
}

/** Answers a pending invitation; false when it was answered already. */
export async function decideInvitation(
  db: Executor,
  invitationId: string,
  state: 'accepted' | 'declined',
) {
  const rows = await db
    .update(teamInvitations)
    .set({ state, decidedAt: new Date() })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.state, 'pending')))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}

/**
 * Once the user is in the team (added, or one of these accepted), what still waits for that
 * user and team is settled as accepted: nothing is left to answer.
 */
export async function settlePendingOf(db: Executor, teamId: string, userId: number) {
  const now = new Date();
  await db
    .update(teamJoinRequests)
    .set({ state: 'accepted', decidedAt: now })
    .where(
      and(
        eq(teamJoinRequests.teamId, teamId),
        eq(teamJoinRequests.userId, userId),
        eq(teamJoinRequests.state, 'pending'),
      ),
    );
  await db
    .update(teamInvitations)
    .set({ state: 'accepted', decidedAt: now })
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        eq(teamInvitations.toUserId, userId),
        eq(teamInvitations.state, 'pending'),
      ),
    );
}
