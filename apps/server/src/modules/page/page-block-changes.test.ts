import { describe, expect, it } from 'vitest';
import type { Block, BlockChange } from '@library/contract';
import { positionsBetween } from '../../lib/position.js';
import { BlockChangeError, planBlockSave, type DraftBlockPosition } from './page-block-changes.js';
import { diffBlocks } from './page-version.service.js';

const block = (id: string, text = id): Block => ({ id, type: 'paragraph', content: text });

function draftOf(...ids: string[]): DraftBlockPosition[] {
  const keys = positionsBetween(null, null, ids.length);
  return ids.map((blockId, index) => ({ blockId, position: keys[index]! }));
}

/** The draft's order after applying a plan. */
function applied(draft: DraftBlockPosition[], changes: BlockChange[]) {
  const plan = planBlockSave(draft, changes);
  const rows = new Map(draft.map((row) => [row.blockId, row.position]));
  for (const id of plan.deletes) rows.delete(id);
  for (const row of [...plan.upserts, ...plan.moves]) rows.set(row.blockId, row.position);
  const order = [...rows.entries()]
    .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id]) => id);
  return { plan, order };
}

describe('planBlockSave', () => {
  it('writes only the block whose data changed and keeps its position', () => {
    const draft = draftOf('a', 'b', 'c');
    const { plan, order } = applied(draft, [{ op: 'upsert', blockId: 'b', data: block('b', 'x') }]);
    expect(plan.upserts).toEqual([
      { blockId: 'b', position: draft[1]!.position, data: block('b', 'x') },
    ]);
    expect(plan.moves).toEqual([]);
    expect(plan.deletes).toEqual([]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('places inserts after blocks inserted earlier in the same save', () => {
    const { plan, order } = applied(draftOf('a', 'b'), [
      { op: 'upsert', blockId: 'x', data: block('x'), afterBlockId: 'a' },
      { op: 'upsert', blockId: 'y', data: block('y'), afterBlockId: 'x' },
      { op: 'upsert', blockId: 'first', data: block('first'), afterBlockId: null },
      { op: 'upsert', blockId: 'last', data: block('last') },
    ]);
    expect(order).toEqual(['first', 'a', 'x', 'y', 'b', 'last']);
    expect(plan.upserts).toHaveLength(4);
    expect(plan.moves).toEqual([]);
  });

  it('gives a run of inserted blocks short, evenly spread keys', () => {
    const changes: BlockChange[] = [];
    let after = 'a';
    for (let index = 0; index < 1000; index++) {
      changes.push({
        op: 'upsert',
        blockId: `n${index}`,
        data: block(`n${index}`),
        afterBlockId: after,
      });
      after = `n${index}`;
    }
    const { plan, order } = applied(draftOf('a', 'b'), changes);
    expect(order).toEqual(['a', ...changes.map((change) => change.blockId), 'b']);
    expect(Math.max(...plan.upserts.map((row) => row.position.length))).toBeLessThan(8);
  });

  it('moves and deletes touch only those rows; a move to where a block already is writes nothing', () => {
    const { plan, order } = applied(draftOf('a', 'b', 'c', 'd'), [
      { op: 'move', blockId: 'd', afterBlockId: null },
      { op: 'delete', blockId: 'b' },
      { op: 'move', blockId: 'c', afterBlockId: 'a' },
    ]);
    expect(order).toEqual(['d', 'a', 'c']);
    expect(plan.moves.map((row) => row.blockId)).toEqual(['d']);
    expect(plan.deletes).toEqual(['b']);
    expect(plan.upserts).toEqual([]);
  });

  it('refuses unknown blocks and anchors, naming the change', () => {
    const draft = draftOf('a');
    const attempts: BlockChange[][] = [
      [{ op: 'move', blockId: 'zz', afterBlockId: null }],
      [{ op: 'delete', blockId: 'zz' }],
      [{ op: 'upsert', blockId: 'n', data: block('n'), afterBlockId: 'zz' }],
      [{ op: 'move', blockId: 'a', afterBlockId: 'a' }],
      [
        { op: 'delete', blockId: 'a' },
        { op: 'upsert', blockId: 'n', data: block('n'), afterBlockId: 'a' },
      ],
    ];
    for (const changes of attempts) {
      expect(() => planBlockSave(draft, changes)).toThrow(BlockChangeError);
    }
    expect(() => planBlockSave(draft, attempts[4]!)).toThrow(/changes\.1/);
  });

  it('renumbers the draft when stored positions are not ascending', () => {
    const draft = [
      { blockId: 'a', position: 'a1' },
      { blockId: 'b', position: 'a1' },
    ];
    const { order } = applied(draft, [
      { op: 'upsert', blockId: 'n', data: block('n'), afterBlockId: 'a' },
    ]);
    expect(order).toEqual(['a', 'n', 'b']);
  });
});

describe('diffBlocks', () => {
  it('lists the draft in order with removed blocks where they stood in the version', () => {
    const before = [block('r0'), block('a'), block('r1'), block('b'), block('c', 'old')];
    const after = [block('new'), block('a'), block('b'), block('c', 'new')];
    expect(diffBlocks(before, after)).toEqual([
      { blockId: 'r0', change: 'removed', before: block('r0') },
      { blockId: 'new', change: 'added', after: block('new') },
      { blockId: 'a', change: 'unchanged', before: block('a'), after: block('a') },
      { blockId: 'r1', change: 'removed', before: block('r1') },
      { blockId: 'b', change: 'unchanged', before: block('b'), after: block('b') },
      { blockId: 'c', change: 'changed', before: block('c', 'old'), after: block('c', 'new') },
    ]);
  });

  it('ignores key order inside blocks', () => {
    const before: Block = { id: 'a', type: 'p', props: { x: 1, y: [1, { z: 2 }] } };
    const after: Block = { props: { y: [1, { z: 2 }], x: 1 }, type: 'p', id: 'a' };
    expect(diffBlocks([before], [after])[0]!.change).toBe('unchanged');
  });
});
