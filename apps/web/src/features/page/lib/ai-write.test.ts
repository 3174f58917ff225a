import { describe, expect, it } from 'vitest';
import { isEmptyBlock, type Block } from '@library/contract';
import {
  aiMenuEntries,
  customEntry,
  hasContent,
  needsModel,
  placementOf,
  type AiMenuEntry,
  type AiMenuKey,
} from './ai-write';

// Blocks as BlockNote hands them over (editor.document), with the props it always fills in.
const defaultProps = { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' };
const text = (value: string, styles: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  styles,
});
const paragraph = (id: string, content: unknown[], children: Block[] = []): Block => ({
  id,
  type: 'paragraph',
  props: defaultProps,
  content,
  children,
});
const heading = (id: string, value: string): Block => ({
  id,
  type: 'heading',
  props: { ...defaultProps, level: 2, isToggleable: false },
  content: [text(value)],
  children: [],
});
const bullet = (id: string, value: string): Block => ({
  id,
  type: 'bulletListItem',
  props: defaultProps,
  content: [text(value)],
  children: [],
});
const emptyParagraph = (id: string) => paragraph(id, []);

const entry = (key: AiMenuKey): AiMenuEntry => {
  const found = aiMenuEntries.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no menu entry ${key}`);
  return found;
};

const intro = heading('h-plan', '第三季度知识库迁移计划');
const reason = paragraph('p-reason', [
  text('旧系统的搜索经常找不到文档，'),
  text('新知识库', { bold: true }),
  text('支持全文检索和权限控制。'),
]);
const steps = bullet('li-steps', '先迁移研发部的空间，再迁移市场部的空间');

describe('where an accepted suggestion goes', () => {
  it('a rewrite (润色, 精简, 改为正式语气, a free prompt) replaces the blocks it was made from', () => {
    const selection = [intro, reason, steps];
    for (const key of ['polish', 'fix', 'shorter', 'longer', 'formal', 'translate'] as const) {
      expect(placementOf(entry(key), selection)).toEqual({
        kind: 'replace',
        ids: ['h-plan', 'p-reason', 'li-steps'],
      });
    }
    expect(placementOf(customEntry('改成给客户看的口吻'), [reason])).toEqual({
      kind: 'replace',
      ids: ['p-reason'],
    });
  });

  it('转为表格 and 转为列表 replace the selection with the new shape', () => {
    expect(placementOf(entry('table'), [reason, steps])).toEqual({
      kind: 'replace',
      ids: ['p-reason', 'li-steps'],
    });
    expect(placementOf(entry('list'), [reason])).toEqual({ kind: 'replace', ids: ['p-reason'] });
  });

  it('续写, 总结全文 and 根据标题生成大纲 go after the last selected block', () => {
    const selection = [intro, reason, steps];
    expect(placementOf(entry('continue'), selection)).toEqual({ kind: 'after', id: 'li-steps' });
    expect(placementOf(entry('summarize'), selection)).toEqual({ kind: 'after', id: 'li-steps' });
    expect(placementOf(entry('outline'), [intro])).toEqual({ kind: 'after', id: 'h-plan' });
  });

  it('standing in a single empty paragraph, whatever is written takes its place', () => {
    const blank = [emptyParagraph('p-blank')];
    for (const key of ['continue', 'summarize', 'outline', 'polish'] as const) {
      expect(placementOf(entry(key), blank)).toEqual({ kind: 'replace', ids: ['p-blank'] });
    }
    expect(placementOf(customEntry('写一段产品发布会的开场白'), blank)).toEqual({
      kind: 'replace',
      ids: ['p-blank'],
    });
  });

  it('an empty paragraph among others does not turn 续写 into a replacement', () => {
    expect(placementOf(entry('continue'), [reason, emptyParagraph('p-blank')])).toEqual({
      kind: 'after',
      id: 'p-blank',
    });
  });

  it('the script conversions update each block where it is, keeping its id', () => {
    const selection = [intro, reason];
    for (const key of ['toTraditional', 'toTraditionalHk', 'toSimplified'] as const) {
      expect(placementOf(entry(key), selection)).toEqual({
        kind: 'update',
        ids: ['h-plan', 'p-reason'],
      });
    }
    // even in an empty paragraph: a conversion never replaces blocks
    expect(placementOf(entry('toSimplified'), [emptyParagraph('p-blank')])).toEqual({
      kind: 'update',
      ids: ['p-blank'],
    });
    expect(placementOf(entry('pageToTraditional'), [reason])).toEqual({
      kind: 'update',
      ids: ['p-reason'],
    });
  });
});

describe('empty blocks and suggestions with content', () => {
  it('an empty paragraph as BlockNote keeps it is empty', () => {
    expect(isEmptyBlock(emptyParagraph('p-blank'))).toBe(true);
    expect(isEmptyBlock({ id: 'p-bare', type: 'paragraph' })).toBe(true);
  });

  it('a paragraph with text, with only nested blocks, or another kind of block is not', () => {
    expect(isEmptyBlock(reason)).toBe(false);
    expect(isEmptyBlock(paragraph('p-parent', [], [steps]))).toBe(false);
    expect(isEmptyBlock(heading('h-empty', ''))).toBe(false);
    expect(isEmptyBlock({ ...heading('h-none', ''), content: [] })).toBe(false);
    expect(
      isEmptyBlock({
        id: 'img',
        type: 'image',
        props: { url: '/api/v1/file/f1/preview', caption: '迁移后的目录结构', previewWidth: 512 },
        children: [],
      }),
    ).toBe(false);
    expect(
      isEmptyBlock({
        id: 'tbl',
        type: 'table',
        props: { textColor: 'default' },
        content: { type: 'tableContent', columnWidths: [null], rows: [] },
        children: [],
      }),
    ).toBe(false);
  });

  it('a suggestion of nothing but empty paragraphs has no content; one line of text has', () => {
    expect(hasContent([])).toBe(false);
    expect(hasContent([emptyParagraph('n1'), emptyParagraph('n2')])).toBe(false);
    expect(
      hasContent([emptyParagraph('n1'), paragraph('n2', [text('迁移将在九月底完成。')])]),
    ).toBe(true);
  });
});

describe('which entries need a model', () => {
  it('every entry but the script conversions needs one, and a free prompt does too', () => {
    const withoutModel = aiMenuEntries.filter((candidate) => !needsModel(candidate));
    expect(withoutModel.map((candidate) => candidate.key)).toEqual([
      'toTraditional',
      'toTraditionalHk',
      'toSimplified',
      'pageToTraditional',
      'pageToTraditionalHk',
      'pageToSimplified',
    ]);
    expect(withoutModel.every((candidate) => candidate.group === 'script')).toBe(true);
    expect(needsModel(entry('polish'))).toBe(true);
    expect(needsModel(entry('summarize'))).toBe(true);
    expect(needsModel(customEntry('把这段改成新闻稿'))).toBe(true);
  });
});
