import type { Note, NoteBlock, NoteSummary } from '@library/contract';
import type { NoteRow } from './note.repo.js';

export function presentNoteSummary(
  note: Pick<NoteRow, 'id' | 'title' | 'text' | 'createdAt' | 'updatedAt'>,
): NoteSummary {
  return {
    noteId: note.id,
    title: note.title,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

export function presentNote(note: NoteRow): Note {
  return { ...presentNoteSummary(note), content: noteBlocks(note.content) };
}

/** The stored content as blocks (it is only ever written through the contract's schema). */
export function noteBlocks(content: unknown): NoteBlock[] {
  return Array.isArray(content) ? (content as NoteBlock[]) : [];
}
