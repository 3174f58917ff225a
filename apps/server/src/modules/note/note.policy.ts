// Who may do what with a quick note: its owner lists, reads, changes, deletes and turns it into a
// page; to anyone else it looks missing. Every query of notes filters by it, so the rule has one
// shape, a condition on `notes` (note.policy.test.ts checks it cell by cell on a real database).
// Search finds a user's notes by the same rule in its own index (search.repo.ts).
import { eq } from 'drizzle-orm';
import { notes } from '../../db/schema/index.js';

/** The notes the user owns, as a condition on `notes`. */
export const ownNotesSql = (userId: number) => eq(notes.userId, userId);
