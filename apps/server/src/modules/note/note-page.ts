// A note's blocks as a page draft: one row per top-level block, in order, each with an id the
// page editor can address (a missing, repeated or over-long id is replaced).
import crypto from 'node:crypto';
import { pageLimits, type Block, type NoteBlock } from '@library/contract';
import { positionsBetween } from '../../lib/position.js';

export function draftRowsOf(blocks: NoteBlock[]) {
  const positions = positionsBetween(null, null, blocks.length);
  const used = new Set<string>();
  return blocks.map((block, index) => {
    const usable = block.id && block.id.length <= pageLimits.blockIdMax && !used.has(block.id);
    const blockId = usable && block.id ? block.id : crypto.randomUUID();
    used.add(blockId);
    const data: Block = { ...block, id: blockId };
    return { blockId, position: positions[index]!, data };
  });
}
