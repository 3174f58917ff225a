// Who is told what. Every query of the inbox is scoped to its owner; a person is told of
// something only when they did not do it themselves, they have that kind on and their account is
// active (a producer may ask more, e.g. that they may read the page it is about: checked when it
// is delivered, so a reader of the published page is not told of a comment on a draft they cannot
// see, nor a removed member of anything). Mail goes only to an active account with an address,
// in the way its owner chose, and only while the site has mail configured.
import { eq } from 'drizzle-orm';
import type { NotificationEmailMode, NotificationType } from '@library/contract';
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

export interface MailCandidate {
  email: string | null;
  status: string;
  emailMode: NotificationEmailMode;
}

/** Whether this person is mailed `mode`'s way (each notification at once, or a daily digest). */
export function mailedAs(person: MailCandidate, mode: Exclude<NotificationEmailMode, 'off'>) {
  return person.emailMode === mode && person.status === 'active' && !!person.email;
}
