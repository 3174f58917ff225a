// A note's blocks as a page draft: its top-level blocks in order, each with an id the page editor
// can address (a missing, repeated or over-long id is replaced).
import crypto from 'node:crypto';
import { pageLimits, type Block, type NoteBlock } from '@library/contract';

export function pageBlocksOf(blocks: NoteBlock[]): Block[] {
  const used = new Set<string>();
  return blocks.map((block) => {
    const usable = block.id && block.id.length <= pageLimits.blockIdMax && !used.has(block.id);
    const id = usable && block.id ? block.id : crypto.randomUUID();
    used.add(id);
    return { ...block, id };
  });
}
