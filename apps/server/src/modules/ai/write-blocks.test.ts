import { describe, expect, it } from 'vitest';
import type { Block } from '@library/contract';
import { answerToBlocks, blocksForPrompt, keepersOf, unwrapMarkdownFence } from './write-blocks.js';
import { bound, buildWritePrompt, translateTarget } from './write-prompts.js';

const text = (value: string) => ({ type: 'text', text: value, styles: {} });
const mention = (userId: string) => ({ type: 'mention', props: { userId } });
const block = (id: string, type: string, content: unknown, props: Record<string, unknown> = {}) =>
  ({ id, type, props, content, children: [] }) as Block;

describe('the selection as Markdown for the model', () => {
  it('writes links, images and files as Markdown and mentions as tokens, in tables too', () => {
    const markdown = blocksForPrompt([
      block('a', 'paragraph', [
        text('问 '),
        mention('42'),
        text(' 看 '),
        { type: 'link', href: 'https://example.com', content: [text('这里')] },
      ]),
      block('b', 'image', undefined, { url: '/v3/space/file/i1', caption: '图' }),
      block('c', 'file', undefined, { url: '/v3/space/file/f1', name: '报告.pdf' }),
      block('d', 'table', {
        type: 'tableContent',
        rows: [
          { cells: [{ type: 'tableCell', content: [text('负责人')] }] },
          { cells: [{ type: 'tableCell', content: [mention('7')] }] },
        ],
      }),
    ]);
    expect(markdown).toContain('问 {{@42}} 看 [这里](https://example.com)');
    expect(markdown).toContain('![图](/v3/space/file/i1)');
    expect(markdown).toContain('[报告.pdf](/v3/space/file/f1)');
    expect(markdown).toContain('| {{@7}} |');
  });
});

describe('the answer as blocks', () => {
  const selection = [
    block('a', 'paragraph', [text('见 '), mention('42')]),
    block('c', 'file', undefined, { url: '/v3/space/file/f1', name: '报告.pdf' }),
  ];
  const keep = keepersOf(selection);

  it('restores the tokens of people the writer mentioned and leaves others as text', () => {
    const [first] = answerToBlocks('见 {{@42}} 和 {{@99}}', { known: keep });
    expect(first?.content).toEqual([text('见 '), mention('42'), text(' 和 {{@99}}')]);
  });

  it('gives back the writer’s file as the block it was, not as a link', () => {
    const out = answerToBlocks('[报告.pdf](/v3/space/file/f1)', { keep, known: keep });
    expect(out.map((b) => b.type)).toEqual(['file', 'paragraph']);
    expect(out[0]?.props).toEqual({ url: '/v3/space/file/f1', name: '报告.pdf' });
    // the mention the answer lost is in the last paragraph
    expect(out[1]?.content).toEqual([mention('42')]);
  });

  it('reads a fence of another language as code, and one around the whole answer as the answer', () => {
    expect(unwrapMarkdownFence('```markdown\n# 标题\n```\n')).toBe('# 标题\n');
    expect(unwrapMarkdownFence('```md\n- 一\n- 二')).toBe('- 一\n- 二');
    expect(unwrapMarkdownFence('```js\nx\n```')).toBe('```js\nx\n```');
    const [code] = answerToBlocks('```js\nconst a = 1;\n```', { known: keep });
    expect(code?.type).toBe('codeBlock');
  });

  it('keeps links to our own paths and turns made-up links to other hosts into their text', () => {
    const [line] = answerToBlocks(
      '[页面](/space/s1/page/p1) [一](//evil.com/a) [二](/\\evil.com/b) [三](https://evil.com/c)',
      { known: keep },
    );
    const links = (line?.content as Array<{ type: string; href?: string }>).filter(
      (item) => item.type === 'link',
    );
    expect(links.map((link) => link.href)).toEqual(['/space/s1/page/p1']);
    expect(JSON.stringify(line?.content)).toContain('二');
  });
});

describe('the prompt', () => {
  it('keeps the end of what comes before and the start of what follows', () => {
    const messages = buildWritePrompt({
      action: 'polish',
      language: 'en_US',
      title: 'Walls',
      before: `${'x'.repeat(5000)}END-OF-BEFORE`,
      after: `START-OF-AFTER${'y'.repeat(5000)}`,
      selection: 'The wall.',
    });
    const user = messages[1]?.content ?? '';
    expect(user).toContain('END-OF-BEFORE');
    expect(user).toContain('START-OF-AFTER');
    expect(user).toContain('(too long: only the first 4000 characters are kept)');
    expect(bound('abc', 2, 'end')).toEqual({ text: 'bc', cut: true });
  });

  it('translates mostly Chinese into English, anything else into the writer’s Chinese', () => {
    expect(translateTarget('长城很长 (Great Wall)', 'zh_CN')).toBe('en');
    expect(translateTarget('The wall is long', 'zh_TW')).toBe('zh_TW');
    expect(translateTarget('The wall is long', 'en_US')).toBe('zh_CN');
  });
});
