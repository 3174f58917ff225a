// What a save sends: the changed top-level blocks of the document against the last saved
// snapshot, by block id (spec §3), so that saving a long page sends only what was edited.
import type { Block, BlockChange } from '@library/contract';

function sameBlock(a: Block, b: Block): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The ids of the longest common subsequence of two id lists: the blocks that need not move. The
 * common beginning and end are kept as they are first, so an edit that moved nothing (nearly
 * every save) costs no table at all, and a move costs one the size of the part in between.
 */
function stableIds(before: string[], after: string[]): Set<string> {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) {
    start += 1;
  }
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end += 1;
  }
  const kept = lcsIds(
    before.slice(start, before.length - end),
    after.slice(start, after.length - end),
  );
  for (const id of before.slice(0, start)) kept.add(id);
  for (const id of before.slice(before.length - end)) kept.add(id);
  return kept;
}

function lcsIds(before: string[], after: string[]): Set<string> {
  const rows = before.length;
  const cols = after.length;
  const table: number[][] = Array.from({ length: rows + 1 }, () =>
    new Array<number>(cols + 1).fill(0),
  );
  const at = (i: number, j: number) => table[i]?.[j] ?? 0;
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = cols - 1; j >= 0; j -= 1) {
      const row = table[i];
      if (!row) continue;
      row[j] = before[i] === after[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    const id = before[i];
    if (id !== undefined && id === after[j]) {
      kept.add(id);
      i += 1;
      j += 1;
    } else if (at(i + 1, j) >= at(i, j + 1)) {
      i += 1;
    } else {
      j += 1;
    }
  }
  return kept;
}

/**
 * The changes that turn `snapshot` into `current`: deletes first, then, in document order,
 * an upsert after its predecessor for each new or edited block and a move for each block that
 * left its place. Applied in order, every placed block lands right after the one before it.
 */
export function computeBlockChanges(snapshot: Block[], current: Block[]): BlockChange[] {
  const before = new Map(snapshot.map((block) => [block.id, block]));
  const currentIds = new Set(current.map((block) => block.id));
  const changes: BlockChange[] = snapshot
    .filter((block) => !currentIds.has(block.id))
    .map((block) => ({ op: 'delete', blockId: block.id }));

  const common = (blocks: Block[], other: Map<string, Block> | Set<string>) =>
    blocks.filter((block) => other.has(block.id)).map((block) => block.id);
  const stable = stableIds(common(snapshot, currentIds), common(current, before));

  let afterBlockId: string | null = null;
  for (const block of current) {
    const previous = before.get(block.id);
    if (!previous || !sameBlock(previous, block)) {
      changes.push({ op: 'upsert', blockId: block.id, data: block, afterBlockId });
    } else if (!stable.has(block.id)) {
      changes.push({ op: 'move', blockId: block.id, afterBlockId });
    }
    afterBlockId = block.id;
  }
  return changes;
}

/**
 * A full replace of the server's draft by `mine` (keeping one's own version after a conflict):
 * every block of mine upserted in order, every other block of the server deleted.
 */
export function fullReplaceChanges(server: Block[], mine: Block[]): BlockChange[] {
  const mineIds = new Set(mine.map((block) => block.id));
  const changes: BlockChange[] = server
    .filter((block) => !mineIds.has(block.id))
    .map((block) => ({ op: 'delete', blockId: block.id }));
  let afterBlockId: string | null = null;
  for (const block of mine) {
    changes.push({ op: 'upsert', blockId: block.id, data: block, afterBlockId });
    afterBlockId = block.id;
  }
  return changes;
}
