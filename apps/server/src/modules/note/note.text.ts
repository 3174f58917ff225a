// Plain text of editor blocks (BlockNote JSON), for search and previews when the client does not
// send it: inline text joined, table cells by spaces, blocks and table rows by line breaks.
import type { NoteBlock } from '@library/contract';

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function inlineText(value: Json): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(inlineText).join('');
  if (!isRecord(value)) return '';
  if (typeof value.text === 'string') return value.text;
  if (Array.isArray(value.rows)) {
    return value.rows
      .map((row) =>
        isRecord(row) && Array.isArray(row.cells) ? row.cells.map(inlineText).join(' ') : '',
      )
      .join('\n');
  }
  return inlineText(value.content);
}

function blockLines(block: Json): string[] {
  if (!isRecord(block)) return [];
  const own = inlineText(block.content);
  const children = Array.isArray(block.children) ? block.children.flatMap(blockLines) : [];
  return own ? [own, ...children] : children;
}

export function plainTextOf(blocks: NoteBlock[]): string {
  return blocks.flatMap(blockLines).join('\n');
}
