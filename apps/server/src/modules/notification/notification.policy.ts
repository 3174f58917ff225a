// Who is told what. Every query of the inbox is scoped to its owner; a person is told of
// something only when they did not do it themselves, they have that kind on, their account is
// active, and they may read what it is about (checked when it is delivered, so a reader of the
// published page is not told of a comment on a draft they cannot see, nor a removed member of
// anything).
import { eq } from 'drizzle-orm';
import type { NotificationType } from '@library/contract';
import { notifications } from '../../db/schema/index.js';

export const ownNotificationsSql = (userId: number) => eq(notifications.userId, userId);

export interface Candidate {
  userId: number;
  /** muted kinds, from the person's settings */
  muted: readonly string[];
  status: string;
}

/** Whether this person hears of `type` done by `actorId` (reading access is checked apart). */
export function wantsToHear(candidate: Candidate, type: NotificationType, actorId: number | null) {
  return (
    candidate.userId !== actorId && candidate.status === 'active' && !candidate.muted.includes(type)
  );
}
