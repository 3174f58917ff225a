// Turns a save's changes (upsert, delete, move by block id, applied in order) into the fewest
// row writes: a block that was not touched keeps its row, and new or moved blocks get fractional
// positions between the untouched neighbours around them.
import type { Block, BlockChange } from '@library/contract';
import { positionsBetween } from '../../lib/position.js';

export interface DraftBlockPosition {
  blockId: string;
  position: string;
}

export interface BlockSavePlan {
  /** rows whose data changed (inserted or replaced), with their final position */
  upserts: Array<{ blockId: string; position: string; data: Block }>;
  /** rows that only moved */
  moves: DraftBlockPosition[];
  /** rows to delete */
  deletes: string[];
}

/** A change that does not fit the draft (unknown block, unknown `afterBlockId`). */
export class BlockChangeError extends Error {
  constructor(
    readonly changeIndex: number,
    detail: string,
  ) {
    super(`changes.${changeIndex}: ${detail}`);
    this.name = 'BlockChangeError';
  }
}

interface Entry {
  blockId: string;
  /** null while the block needs a new position */
  position: string | null;
  /** the row's position before this save; null for blocks the save creates */
  originalPosition: string | null;
  data?: Block;
}

/**
 * Plans a save. `draft` is the draft's top-level blocks in order (positions ascending);
 * changes are applied in order, so an `afterBlockId` may name a block an earlier change inserted.
 */
export function planBlockSave(draft: DraftBlockPosition[], changes: BlockChange[]): BlockSavePlan {
  const list: Entry[] = draft.map((row) => ({
    blockId: row.blockId,
    position: row.position,
    originalPosition: row.position,
  }));
  const byId = new Map(list.map((entry) => [entry.blockId, entry]));

  const place = (entry: Entry, afterBlockId: string | null, index: number) => {
    if (afterBlockId === entry.blockId) {
      throw new BlockChangeError(index, 'afterBlockId cannot be the block itself');
    }
    const anchor = afterBlockId === null ? null : byId.get(afterBlockId);
    if (anchor === undefined) {
      throw new BlockChangeError(index, `afterBlockId ${afterBlockId} is not in the draft`);
    }
    const from = list.indexOf(entry);
    if (from >= 0) {
      const before = from === 0 ? null : list[from - 1]!;
      if (before === anchor) return; // already there: nothing to write for the position
      list.splice(from, 1);
    }
    const to = anchor === null ? 0 : list.indexOf(anchor) + 1;
    list.splice(to, 0, entry);
    entry.position = null;
  };

  for (const [index, change] of changes.entries()) {
    const existing = byId.get(change.blockId);
    switch (change.op) {
      case 'upsert': {
        let entry = existing;
        if (!entry) {
          entry = { blockId: change.blockId, position: null, originalPosition: null };
          byId.set(entry.blockId, entry);
          // a new block without a place goes to the end
          if (change.afterBlockId === undefined) list.push(entry);
        }
        entry.data = change.data;
        if (change.afterBlockId !== undefined) place(entry, change.afterBlockId, index);
        break;
      }
      case 'move':
        if (!existing) {
          throw new BlockChangeError(index, `block ${change.blockId} is not in the draft`);
        }
        place(existing, change.afterBlockId, index);
        break;
      case 'delete':
        if (!existing) {
          throw new BlockChangeError(index, `block ${change.blockId} is not in the draft`);
        }
        list.splice(list.indexOf(existing), 1);
        byId.delete(change.blockId);
        break;
    }
  }

  if (!assignPositions(list)) {
    // Positions out of order (never written by this server): renumber the whole draft.
    const fresh = positionsBetween(null, null, list.length);
    list.forEach((entry, index) => (entry.position = fresh[index]!));
  }

  const plan: BlockSavePlan = { upserts: [], moves: [], deletes: [] };
  for (const row of draft) if (!byId.has(row.blockId)) plan.deletes.push(row.blockId);
  for (const entry of list) {
    const position = entry.position!;
    if (entry.data) plan.upserts.push({ blockId: entry.blockId, position, data: entry.data });
    else if (position !== entry.originalPosition)
      plan.moves.push({ blockId: entry.blockId, position });
  }
  return plan;
}

/**
 * Gives each run of blocks without a position evenly spread keys between the positioned
 * blocks around it. False when the positioned blocks are not strictly ascending.
 */
function assignPositions(list: Entry[]): boolean {
  let previous: string | null = null;
  let runStart = -1;
  for (let index = 0; index <= list.length; index++) {
    const entry = list[index];
    if (entry && entry.position === null) {
      if (runStart < 0) runStart = index;
      continue;
    }
    const next = entry ? entry.position : null;
    if (previous !== null && next !== null && !(previous < next)) return false;
    if (runStart >= 0) {
      const keys = positionsBetween(previous, next, index - runStart);
      keys.forEach((key, offset) => (list[runStart + offset]!.position = key));
      runStart = -1;
    }
    previous = next;
  }
  return true;
}
