import { describe, expect, it } from 'vitest';
import { blocksToMarkdown } from './block-markdown.js';

const text = (value: string, styles: Record<string, boolean> = {}) => ({
  type: 'text',
  text: value,
  styles,
});
const block = (type: string, content: unknown, props = {}, children: unknown[] = []) => ({
  id: type,
  type,
  props,
  content,
  children,
});

describe('blocksToMarkdown', () => {
  it('writes headings, styled text, links, lists, checks, quotes, code, tables and files', () => {
    const markdown = blocksToMarkdown([
      block('heading', [text('标题')], { level: 2 }),
      block('paragraph', [
        text('粗', { bold: true }),
        text('与'),
        text('code', { code: true }),
        { type: 'link', href: 'https://example.com', content: [text('链接')] },
      ]),
      block('bulletListItem', [text('一')], {}, [block('bulletListItem', [text('一之一')])]),
      block('bulletListItem', [text('二')]),
      block('numberedListItem', [text('甲')]),
      block('numberedListItem', [text('乙')]),
      block('checkListItem', [text('完成')], { checked: true }),
      block('quote', [text('引文')]),
      block('codeBlock', [text('const a = 1;')], { language: 'ts' }),
      block('table', {
        type: 'tableContent',
        rows: [{ cells: [[text('甲')], [text('乙|丙')]] }, { cells: [[text('1')], [text('2')]] }],
      }),
      block('image', undefined, { url: '/v3/space/file/x', caption: '图' }),
      block('file', undefined, { url: '/v3/space/file/y', name: '附件.pdf' }),
    ]);
    expect(markdown).toBe(
      [
        '## 标题',
        '**粗**与`code`[链接](https://example.com)',
        '- 一\n  - 一之一\n- 二\n1. 甲\n2. 乙\n- [x] 完成',
        '> 引文',
        '```ts\nconst a = 1;\n```',
        '| 甲 | 乙\\|丙 |\n| --- | --- |\n| 1 | 2 |',
        '![图](/v3/space/file/x)',
        '[附件.pdf](/v3/space/file/y)',
      ].join('\n\n'),
    );
  });

  it('keeps the text of unknown blocks and skips empty ones', () => {
    expect(blocksToMarkdown([block('mystery', [text('仍然可读')]), block('paragraph', [])])).toBe(
      '仍然可读',
    );
  });
});
