import { describe, expect, it } from 'vitest';
import { plainTextOf } from './note.text.js';

describe('plainTextOf', () => {
  it('joins inline text, links, nested children and table cells', () => {
    const text = plainTextOf([
      {
        id: 'a',
        type: 'paragraph',
        content: [
          { type: 'text', text: '见', styles: { bold: true } },
          { type: 'link', href: 'https://example.com', content: [{ type: 'text', text: '文档' }] },
        ],
        children: [{ id: 'b', type: 'bulletListItem', content: [{ type: 'text', text: '子项' }] }],
      },
      {
        id: 'c',
        type: 'table',
        content: {
          type: 'tableContent',
          rows: [{ cells: [[{ type: 'text', text: '姓名' }], [{ type: 'text', text: '年龄' }]] }],
        },
      },
      { id: 'd', type: 'image', props: { url: '/x.png' } },
    ]);
    expect(text).toBe('见文档\n子项\n姓名 年龄');
  });
});
