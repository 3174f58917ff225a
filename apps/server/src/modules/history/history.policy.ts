// Who may do what with the history: a user's visits are theirs alone to list, remove one by one
// and clear; nobody else sees or touches them. Every query of visits filters by it, so the rule
// has one shape, a condition on `visits` (history.policy.test.ts checks it cell by cell on a real
// database). Which of one's visits are listed (a live target in a space one still belongs to) is
// the list's query (history.repo.ts).
import { eq } from 'drizzle-orm';
import { visits } from '../../db/schema/index.js';

/** The user's own visits, as a condition on `visits`. */
export const ownVisitsSql = (userId: number) => eq(visits.userId, userId);
