// Quick notes: a user's own notes (anyone else's look missing), searched by title and text, and
// turned into a page of a space the user may edit.
import {
  ErrorCode,
  untitledNoteName,
  type NoteBlock,
  type NoteList,
  type NoteToPageResult,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { createPage } from '../tree/index.js';
import { pageBlocksOf } from './note-page.js';
import { noteBlocks, presentNoteSummary } from './note.presenter.js';
import * as repo from './note.repo.js';
import { plainTextOf } from './note.text.js';
import { indexNoteForSearch } from '../search/index.js';

const notFound = () => new AppError(ErrorCode.dataMissing);

export async function listNotes(
  db: Database,
  userId: number,
  query: { keywords: string; page: number; pageSize: number },
): Promise<NoteList> {
  const { rows, total } = await repo.listNotes(db, userId, query);
  return { list: rows.map(presentNoteSummary), total, page: query.page, pageSize: query.pageSize };
}

export async function getNote(db: Database, userId: number, noteId: string) {
  const note = await repo.findNote(db, userId, noteId);
  if (!note) throw notFound();
  return note;
}

export async function createNote(
  db: Database,
  userId: number,
  input: { title: string; content: NoteBlock[]; text?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const note = await repo.insertNote(tx, {
      userId,
      title: input.title,
      content: input.content,
      text: input.text ?? plainTextOf(input.content),
    });
    await indexNoteForSearch(tx, note);
    return note;
  });
}

/** Autosave: only the fields sent change; `text` follows `content` when not sent with it. */
export async function updateNote(
  db: Database,
  userId: number,
  noteId: string,
  input: {
    title?: string | undefined;
    content?: NoteBlock[] | undefined;
    text?: string | undefined;
  },
) {
  const changes: Parameters<typeof repo.updateNote>[3] = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.content !== undefined) changes.content = input.content;
  if (input.text !== undefined) changes.text = input.text;
  else if (input.content !== undefined) changes.text = plainTextOf(input.content);
  if (Object.keys(changes).length === 0) return getNote(db, userId, noteId);
  return db.transaction(async (tx) => {
    const note = await repo.updateNote(tx, userId, noteId, changes);
    if (!note) throw notFound();
    await indexNoteForSearch(tx, note);
    return note;
  });
}

export async function deleteNote(db: Database, userId: number, noteId: string) {
  if (!(await repo.deleteNote(db, userId, noteId))) throw notFound();
}

/**
 * Makes a page from a note at the end of `parentId` (a live topic) or of the space root, its
 * draft holding the note's blocks. The note stays. A space the caller may not edit looks missing.
 */
export async function noteToPage(
  db: Database,
  userId: number,
  noteId: string,
  target: { spaceId: string; parentId?: string | null | undefined },
): Promise<NoteToPageResult> {
  const note = await repo.findNote(db, userId, noteId);
  if (!note) throw notFound();
  // checks that the caller may edit the space and that the parent is a live topic of it
  const page = await createPage(db, userId, target.spaceId, {
    name: note.title.trim() || untitledNoteName,
    parentId: target.parentId ?? null,
    blocks: pageBlocksOf(noteBlocks(note.content)),
  });
  return { pageId: page.id, spaceId: page.spaceId };
}
