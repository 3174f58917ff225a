// Drizzle queries of quick notes; every query is scoped to the note's owner (note.policy.ts).
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { notePreviewLength } from '@library/contract';
import type { Executor } from '../../db/database.js';
import { notes } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search-pattern.js';
import { ownNotesSql } from './note.policy.js';

export type NoteRow = typeof notes.$inferSelect;

export async function listNotes(
  db: Executor,
  userId: number,
  options: { keywords: string; page: number; pageSize: number },
) {
  const pattern = options.keywords ? containsPattern(options.keywords) : null;
  const where = and(
    ownNotesSql(userId),
    pattern ? or(ilike(notes.title, pattern), ilike(notes.text, pattern)) : undefined,
  );
  const rows = await db
    .select({
      id: notes.id,
      title: notes.title,
      text: sql<string>`left(${notes.text}, ${notePreviewLength})`,
      createdAt: notes.createdAt,
      updatedAt: notes.updatedAt,
    })
    .from(notes)
    .where(where)
    .orderBy(desc(notes.updatedAt), desc(notes.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await db.select({ value: count() }).from(notes).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findNote(db: Executor, userId: number, noteId: string) {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, noteId), ownNotesSql(userId)))
    .limit(1);
  return row;
}

export async function insertNote(db: Executor, values: typeof notes.$inferInsert) {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('note insert returned no row');
  return row;
}

export async function updateNote(
  db: Executor,
  userId: number,
  noteId: string,
  changes: Partial<Pick<NoteRow, 'title' | 'text' | 'content'>>,
) {
  const [row] = await db
    .update(notes)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(notes.id, noteId), ownNotesSql(userId)))
    .returning();
  return row;
}

export async function deleteNote(db: Executor, userId: number, noteId: string) {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, noteId), ownNotesSql(userId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}
