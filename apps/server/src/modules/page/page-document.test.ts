import type { Block } from '@library/contract';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { paragraphBlock } from '../../../test/factories.js';
import {
  blocksAfterChanges,
  blocksOfDocument,
  documentFromBlocks,
  writeDocumentBlocks,
} from './page-document.js';
import { changesBetween } from './page-document.service.js';

const text = (value: string, styles: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  styles,
});

/** Every block type the page editor offers, with every inline style and a link. */
const everyBlock = [
  {
    id: 'p',
    type: 'paragraph',
    props: { textColor: 'red', backgroundColor: 'yellow', textAlignment: 'center' },
    content: [
      text('粗', { bold: true }),
      text('斜', { italic: true }),
      text('下划线', { underline: true }),
      text('删除', { strike: true }),
      text('code', { code: true }),
      text('色', { textColor: 'blue', backgroundColor: 'gray' }),
      { type: 'link', href: 'https://example.com/', content: [text('链接')] },
      { type: 'mention', props: { userId: '100002' } },
    ],
    children: [{ id: 'p-child', type: 'paragraph', content: [text('缩进的段落')] }],
  },
  { id: 'h1', type: 'heading', props: { level: 1 }, content: [text('一级标题')] },
  {
    id: 'h3',
    type: 'heading',
    props: { level: 3, isToggleable: true },
    content: [text('折叠标题')],
  },
  { id: 'q', type: 'quote', content: [text('引用')] },
  { id: 'ul', type: 'bulletListItem', content: [text('无序')] },
  { id: 'ol', type: 'numberedListItem', props: { start: 3 }, content: [text('有序')] },
  { id: 'cl', type: 'checkListItem', props: { checked: true }, content: [text('已完成')] },
  { id: 'tl', type: 'toggleListItem', content: [text('折叠列表')] },
  {
    id: 'code',
    type: 'codeBlock',
    props: { language: 'typescript' },
    content: [text('let x = 1;')],
  },
  { id: 'callout', type: 'callout', props: { tone: 'warning' }, content: [text('小心')] },
  {
    id: 'table',
    type: 'table',
    content: {
      type: 'tableContent',
      columnWidths: [120, null],
      headerRows: 1,
      rows: [{ cells: ['姓名', '年龄'] }, { cells: ['张三', '18'] }],
    },
  },
  {
    id: 'img',
    type: 'image',
    props: { url: '/api/v1/file/1/preview', name: 'a.png', caption: '图', previewWidth: 320 },
  },
  { id: 'video', type: 'video', props: { url: '/v.mp4', name: 'v.mp4' } },
  { id: 'audio', type: 'audio', props: { url: '/a.mp3', name: 'a.mp3' } },
  { id: 'file', type: 'file', props: { url: '/f.pdf', name: 'f.pdf' } },
  { id: 'hr', type: 'divider' },
] as unknown as Block[];

function roundTrip(blocks: Block[]): Block[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, documentFromBlocks(blocks));
  return blocksOfDocument(doc);
}

describe('a page document', () => {
  it('gives back the blocks it was made from, for every block type and inline style', () => {
    // the editor saves blocks in the full form BlockNote gives them (defaults filled in)
    const saved = roundTrip(everyBlock);
    expect(saved).toMatchObject(
      everyBlock.map((block) => {
        const { content, ...rest } = block as Block & { content?: unknown };
        // the table's cells come back as full cells; compared below
        return block.type === 'table' ? rest : { ...rest, ...(content ? { content } : {}) };
      }),
    );
    const table = saved.find((block) => block.id === 'table') as unknown as {
      content: { rows: Array<{ cells: Array<{ content: Array<{ text: string }> }> }> };
    };
    expect(table.content.rows.map((row) => row.cells.map((cell) => cell.content[0]!.text))).toEqual(
      [
        ['姓名', '年龄'],
        ['张三', '18'],
      ],
    );
    // and a document made from saved blocks derives exactly those blocks
    expect(roundTrip(saved)).toEqual(saved);
  });

  it('writes only the difference: a block left alone keeps what another editor typed in it', () => {
    const doc = new Y.Doc();
    Y.applyUpdate(
      doc,
      documentFromBlocks(
        roundTrip([paragraphBlock('a', '甲'), paragraphBlock('b', '乙')] as Block[]),
      ),
    );
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    // someone types into block a while the server rewrites block b
    const before = Y.encodeStateVector(other);
    const text = (other.getXmlFragment('document-store').get(0) as Y.XmlElement).get(
      0,
    ) as Y.XmlElement;
    ((text.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(1, '方');
    const typed = Y.encodeStateAsUpdate(other, before);
    const blocks = blocksOfDocument(doc);
    writeDocumentBlocks(
      doc,
      blocksAfterChanges(blocks, [
        { op: 'upsert', blockId: 'b', data: paragraphBlock('b', '乙方') as Block },
      ]),
      'server',
    );
    Y.applyUpdate(doc, typed);
    const texts = blocksOfDocument(doc).map((block) =>
      (block.content as Array<{ text: string }>).map((part) => part.text).join(''),
    );
    expect(texts).toEqual(['甲方', '乙方']);
  });
});

describe('blocksAfterChanges', () => {
  const ids = (blocks: Block[]) => blocks.map((block) => block.id);
  const p = (id: string) => paragraphBlock(id, id) as Block;

  it('keeps an upserted block in its place, puts a new one last, moves and deletes by id', () => {
    const blocks = [p('a'), p('b'), p('c')];
    expect(ids(blocksAfterChanges(blocks, [{ op: 'upsert', blockId: 'b', data: p('b') }]))).toEqual(
      ['a', 'b', 'c'],
    );
    expect(ids(blocksAfterChanges(blocks, [{ op: 'upsert', blockId: 'd', data: p('d') }]))).toEqual(
      ['a', 'b', 'c', 'd'],
    );
    expect(
      ids(
        blocksAfterChanges(blocks, [
          { op: 'move', blockId: 'c', afterBlockId: null },
          { op: 'upsert', blockId: 'e', data: p('e'), afterBlockId: 'a' },
          { op: 'delete', blockId: 'b' },
        ]),
      ),
    ).toEqual(['c', 'a', 'e']);
  });
});

describe('changesBetween', () => {
  const p = (id: string, text = id) => paragraphBlock(id, text) as Block;

  /** Applies the changes the way a save does, to check they lead to `after`. */
  const check = (before: Block[], after: Block[]) => {
    const changes = changesBetween(before, after);
    expect(blocksAfterChanges(before, changes)).toEqual(after);
    return changes;
  };

  it('finds nothing to do for equal drafts, whatever the key order of the stored JSON', () => {
    // jsonb gives keys back in its own order
    const reordered = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reordered)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([key, inner]) => [key, reordered(inner)]),
            )
          : value;
    const stored = reordered(p('a')) as Block;
    expect(Object.keys(stored)).not.toEqual(Object.keys(p('a')));
    expect(changesBetween([stored], [p('a')])).toEqual([]);
  });

  it('writes only changed, new and moved blocks, and deletes the rest', () => {
    expect(check([p('a'), p('b'), p('c')], [p('a'), p('b', '改'), p('c')])).toEqual([
      { op: 'upsert', blockId: 'b', data: p('b', '改'), afterBlockId: 'a' },
    ]);
    expect(check([p('a'), p('b'), p('c')], [p('a'), p('c')])).toEqual([
      { op: 'delete', blockId: 'b' },
    ]);
    expect(check([p('a'), p('b'), p('c')], [p('c'), p('a'), p('b')])).toEqual([
      { op: 'move', blockId: 'c', afterBlockId: null },
    ]);
  });

  it('reaches any order (seeded shuffles with edits, inserts and deletions)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round += 1) {
      const before = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => p(`b${i}`));
      const after = before
        .filter(() => random() > 0.2)
        .map((block) => (random() < 0.2 ? p(block.id, '改') : block));
      for (let i = 0; i < 3; i += 1) {
        if (random() < 0.5)
          after.splice(Math.floor(random() * (after.length + 1)), 0, p(`n${round}-${i}`));
      }
      after.sort(() => random() - 0.5);
      check(before, after);
    }
  });
});
