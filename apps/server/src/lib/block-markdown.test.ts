import { describe, expect, it } from 'vitest';
import { blocksToMarkdown, htmlToBlocks, markdownToBlocks } from './block-markdown.js';

const sample = `# 标题

一段 **粗体** 和 *斜体*、~~删除~~、\`代码\` 与 [链接](https://example.com)。

## 列表

- 一
- 二
  - 二点一

1. 第一
2. 第二

- [x] 完成
- [ ] 未完成

> 引用

\`\`\`ts
const a = 1;
\`\`\`

| 名称 | 数量 |
| - | - |
| 苹果 | 3 |

![图](files/a.png)

---
`;

describe('block-markdown', () => {
  it('reads Markdown into BlockNote blocks', () => {
    const blocks = markdownToBlocks(sample);
    const types = blocks.map((block) => block.type);
    expect(types).toEqual([
      'heading',
      'paragraph',
      'heading',
      'bulletListItem',
      'bulletListItem',
      'numberedListItem',
      'numberedListItem',
      'checkListItem',
      'checkListItem',
      'quote',
      'codeBlock',
      'table',
      'image',
      'divider',
    ]);
    expect(blocks[4]?.children).toHaveLength(1);
    expect(blocks[7]?.props).toEqual({ checked: true });
    expect(blocks[10]?.props).toEqual({ language: 'ts' });
    const table = blocks[11]?.content as { rows: Array<{ cells: Array<{ content: unknown }> }> };
    expect(table.rows[1]?.cells[0]?.content).toEqual([{ type: 'text', text: '苹果', styles: {} }]);
    expect(blocks[1]?.content).toContainEqual({
      type: 'text',
      text: '粗体',
      styles: { bold: true },
    });
    expect(blocks[1]?.content).toContainEqual({
      type: 'link',
      href: 'https://example.com',
      content: [{ type: 'text', text: '链接', styles: {} }],
    });
  });

  it('writes the blocks back to the same Markdown', () => {
    expect(blocksToMarkdown(markdownToBlocks(sample))).toBe(sample);
  });

  it('rewrites links and file URLs both ways', () => {
    const blocks = markdownToBlocks('[b](b.md) ![x](img/x.png)', {
      href: (href) => (href === 'b.md' ? '/space/s/page/p' : href),
      imageUrl: (url) => (url === 'img/x.png' ? '/v3/space/file/f' : null),
    });
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'image']);
    expect(blocks[1]?.props).toMatchObject({ url: '/v3/space/file/f' });
    const out = blocksToMarkdown(blocks, {
      href: () => 'c.md',
      fileUrl: () => 'files/x.png',
    });
    expect(out).toBe('[b](c.md)\n\n![x](files/x.png)\n');
  });

  it('reads HTML tables, lists and headings', () => {
    const blocks = htmlToBlocks(
      '<h1>题</h1><p>正文</p><table><tr><th>甲</th><th>乙</th></tr><tr><td>1</td><td>2</td></tr></table><ul><li>项</li></ul>',
    );
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'table',
      'bulletListItem',
    ]);
  });
});
