// Plain text of editor blocks (BlockNote JSON), for search and previews when the client does not
// send it: inline text joined, table cells by spaces, blocks and table rows by line breaks.
import type { NoteBlock } from '@library/contract';
import { inlineText, isRecord } from '../../lib/block-text.js';

type Json = unknown;

function blockLines(block: Json): string[] {
  if (!isRecord(block)) return [];
  const own = inlineText(block.content);
  const children = Array.isArray(block.children) ? block.children.flatMap(blockLines) : [];
  return own ? [own, ...children] : children;
}

export function plainTextOf(blocks: NoteBlock[]): string {
  return blocks.flatMap(blockLines).join('\n');
}
