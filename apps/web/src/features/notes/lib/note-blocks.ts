// A note's body is plain text; the server and the page editor keep BlockNote blocks. One
// paragraph block per line, its id fixed by the line's index so re-saving keeps ids stable.
import type { NoteBlock } from '@library/contract';

export interface ParagraphBlock extends NoteBlock {
  id: string;
  type: 'paragraph';
  props: Record<string, never>;
  content: { type: 'text'; text: string; styles: Record<string, never> }[];
  children: [];
}

export function noteBlockId(lineIndex: number): string {
  return `note-line-${lineIndex}`;
}

/** 'a\nb' → two paragraph blocks; an empty line is a paragraph without content. */
export function textToBlocks(text: string): ParagraphBlock[] {
  return text.split(/\r?\n/).map((line, index) => ({
    id: noteBlockId(index),
    type: 'paragraph',
    props: {},
    content: line ? [{ type: 'text', text: line, styles: {} }] : [],
    children: [],
  }));
}

/** The autosave body for the editor's title and text. */
export function noteSaveBody(title: string, text: string) {
  return { title, text, content: textToBlocks(text) };
}
