import { describe, expect, it } from 'vitest';
import type { Block } from '@library/contract';
import { computeBlockChanges, fullReplaceChanges } from './block-changes';

const block = (id: string, text = id): Block => ({
  id,
  type: 'paragraph',
  props: {},
  content: [{ type: 'text', text, styles: {} }],
  children: [],
});

const doc = ['a', 'b', 'c', 'd'].map((id) => block(id));

describe('computeBlockChanges', () => {
  it('sends nothing when the document is the snapshot', () => {
    expect(computeBlockChanges(doc, structuredClone(doc))).toEqual([]);
  });

  it('sends one upsert for one edited block, placed after its predecessor', () => {
    const current = doc.map((b) => (b.id === 'c' ? block('c', '改过了') : b));
    expect(computeBlockChanges(doc, current)).toEqual([
      { op: 'upsert', blockId: 'c', data: block('c', '改过了'), afterBlockId: 'b' },
    ]);
  });

  it('inserts a new block after the one before it, or first', () => {
    const current = [block('new0'), ...doc.slice(0, 2), block('x'), ...doc.slice(2)];
    expect(computeBlockChanges(doc, current)).toEqual([
      { op: 'upsert', blockId: 'new0', data: block('new0'), afterBlockId: null },
      { op: 'upsert', blockId: 'x', data: block('x'), afterBlockId: 'b' },
    ]);
  });

  it('deletes removed blocks', () => {
    const current = doc.filter((b) => b.id !== 'b' && b.id !== 'd');
    expect(computeBlockChanges(doc, current)).toEqual([
      { op: 'delete', blockId: 'b' },
      { op: 'delete', blockId: 'd' },
    ]);
  });

  it('moves only the block that was dragged', () => {
    const [a, b, c, d] = doc as [Block, Block, Block, Block];
    expect(computeBlockChanges(doc, [b, c, d, a])).toEqual([
      { op: 'move', blockId: 'a', afterBlockId: 'd' },
    ]);
    expect(computeBlockChanges(doc, [d, a, b, c])).toEqual([
      { op: 'move', blockId: 'd', afterBlockId: null },
    ]);
  });

  it('sees a change inside nested children or props', () => {
    const nested = { ...block('a'), children: [block('a1')] };
    const current = [{ ...nested, children: [block('a1', '子块')] }];
    expect(computeBlockChanges([nested], current)).toHaveLength(1);
    const styled = [{ ...block('a'), props: { textAlignment: 'center' } }];
    expect(computeBlockChanges([block('a')], styled)).toEqual([
      { op: 'upsert', blockId: 'a', data: styled[0], afterBlockId: null },
    ]);
  });

  it('mixes insert, update, delete and move in one save', () => {
    const [a, , , d] = doc as [Block, Block, Block, Block];
    const current = [d, block('n'), a, block('c', 'C!')];
    expect(computeBlockChanges(doc, current)).toEqual([
      { op: 'delete', blockId: 'b' },
      { op: 'move', blockId: 'd', afterBlockId: null },
      { op: 'upsert', blockId: 'n', data: block('n'), afterBlockId: 'd' },
      { op: 'upsert', blockId: 'c', data: block('c', 'C!'), afterBlockId: 'a' },
    ]);
  });
});

describe('fullReplaceChanges', () => {
  it('upserts all of mine in order and deletes the rest of the server', () => {
    const server = [block('a'), block('s')];
    const mine = [block('b'), block('a', 'mine')];
    expect(fullReplaceChanges(server, mine)).toEqual([
      { op: 'delete', blockId: 's' },
      { op: 'upsert', blockId: 'b', data: block('b'), afterBlockId: null },
      { op: 'upsert', blockId: 'a', data: block('a', 'mine'), afterBlockId: 'b' },
    ]);
  });
});

describe('computeBlockChanges on a long document', () => {
  it('finds the one moved block among 3,000 without a table of them all', () => {
    const long = Array.from({ length: 3000 }, (_, index) => block(`b${index}`));
    const moved = [...long];
    const [taken] = moved.splice(10, 1);
    moved.splice(2500, 0, taken!);
    const started = performance.now();
    expect(computeBlockChanges(long, moved)).toEqual([
      { op: 'move', blockId: 'b10', afterBlockId: 'b2500' },
    ]);
    expect(
      computeBlockChanges(
        long,
        long.map((b) => ({ ...b })),
      ),
    ).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
