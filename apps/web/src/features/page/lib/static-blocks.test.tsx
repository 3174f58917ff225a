import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BlockNoteEditor } from '@blocknote/core';
import type { Block } from '@library/contract';
import { pageSchema } from './page-schema';
import {
  numberedIndexes,
  StaticBlockGroup,
  StaticBlocksContext,
  type StaticBlocksContextValue,
} from './static-blocks';
import { inlinePlainText } from './static-blocks-inline';
import { propAttributes } from './static-blocks-props';

const text = (value: string, styles: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  styles,
});
const block = (id: string, type: string, extra: Record<string, unknown> = {}): Block => ({
  id,
  type,
  props: {},
  content: [text(id)],
  children: [],
  ...extra,
});

const html = (blocks: Block[], context?: Partial<StaticBlocksContextValue>) =>
  renderToStaticMarkup(
    <StaticBlocksContext.Provider
      value={{
        useFileUrl: (url) => url || undefined,
        useHighlight: () => null,
        languageName: () => undefined,
        addFileLabel: () => '添加图片',
        ...context,
      }}
    >
      <StaticBlockGroup blocks={blocks} />
    </StaticBlocksContext.Provider>,
  );

const outer = (id: string, inner: string) =>
  `<div class="bn-block-outer" data-node-type="blockOuter" data-id="${id}">` +
  `<div class="bn-block" data-node-type="blockContainer" data-id="${id}">${inner}</div></div>`;
const group = (inner: string) =>
  `<div class="bn-block-group" data-node-type="blockGroup">${inner}</div>`;

describe('StaticBlockGroup', () => {
  it("draws a paragraph and a heading with BlockNote's elements, classes and attributes", () => {
    expect(
      html([
        block('p', 'paragraph'),
        block('h', 'heading', {
          props: {
            level: 2,
            textAlignment: 'center',
            textColor: 'red',
            backgroundColor: 'default',
          },
        }),
      ]),
    ).toBe(
      group(
        outer(
          'p',
          '<div class="bn-block-content" data-content-type="paragraph"><p class="bn-inline-content">p</p></div>',
        ) +
          outer(
            'h',
            '<div class="bn-block-content" data-content-type="heading" data-level="2" data-text-alignment="center" data-text-color="red"><h2 class="bn-inline-content">h</h2></div>',
          ),
      ),
    );
  });

  it('nests children in a block group and keeps an empty paragraph one line high', () => {
    const parent = block('a', 'bulletListItem', { children: [block('b', 'bulletListItem')] });
    const empty = block('e', 'paragraph', { content: [] });
    expect(html([parent, empty])).toBe(
      group(
        outer(
          'a',
          '<div class="bn-block-content" data-content-type="bulletListItem"><p class="bn-inline-content">a</p></div>' +
            group(
              outer(
                'b',
                '<div class="bn-block-content" data-content-type="bulletListItem"><p class="bn-inline-content">b</p></div>',
              ),
            ),
        ) +
          outer(
            'e',
            '<div class="bn-block-content" data-content-type="paragraph"><p class="bn-inline-content"><br class="ProseMirror-trailingBreak"/></p></div>',
          ),
      ),
    );
  });

  it('draws marks from the outside in, links in a new tab, and line breaks', () => {
    const styled = block('s', 'paragraph', {
      content: [
        text('b', { bold: true, italic: true }),
        text('c', { textColor: 'red', backgroundColor: 'blue' }),
        { type: 'link', href: 'https://example.com', content: [text('l', { bold: true })] },
        text('x\ny'),
      ],
    });
    expect(html([styled])).toContain(
      '<p class="bn-inline-content"><strong><em>b</em></strong>' +
        '<span data-style-type="textColor" data-value="red" data-editable=""><span data-style-type="backgroundColor" data-value="blue" data-editable="">c</span></span>' +
        '<strong><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow" data-inline-content-type="link">l</a></strong>' +
        'x<br/>y</p>',
    );
  });

  it('never writes a script link', () => {
    const link = block('l', 'paragraph', {
      content: [{ type: 'link', href: 'javascript:alert(1)', content: [text('x')] }],
    });
    expect(html([link])).not.toContain('javascript');
  });

  it('numbers consecutive numbered items from the first one’s start', () => {
    const items = [
      block('a', 'numberedListItem', { props: { start: 3 } }),
      block('b', 'numberedListItem'),
      block('p', 'paragraph'),
      block('c', 'numberedListItem'),
    ];
    expect(numberedIndexes(items)).toEqual([3, 4, undefined, 1]);
    expect(html(items)).toContain(
      'data-content-type="numberedListItem" data-start="3" data-index="3"',
    );
  });

  it('draws a to-do, a quote, a divider and a callout', () => {
    const out = html([
      block('t', 'checkListItem', { props: { checked: true } }),
      block('q', 'quote'),
      block('d', 'divider', { content: undefined }),
      block('c', 'callout', { props: { tone: 'warning' } }),
    ]);
    expect(out).toContain(
      '<div class="bn-block-content" data-content-type="checkListItem" data-checked="true"><div contentEditable="false"><input type="checkbox" disabled="" readOnly="" checked=""/></div><p class="bn-inline-content">t</p></div>',
    );
    expect(out).toContain('<blockquote class="bn-inline-content">q</blockquote>');
    expect(out).toContain(
      '<div class="bn-block-content" data-content-type="divider" contentEditable="false"><hr/></div>',
    );
    expect(out).toContain('<div class="callout callout-warning" data-tone="warning">');
    expect(out).toContain('⚠️');
    expect(out).toContain(
      '<button type="button" class="callout-icon" contentEditable="false" disabled=""',
    );
    // a stand-in for the editable editor: enabled controls, as the editor draws them
    const pending = html([block('t', 'checkListItem'), block('c', 'callout')], { editable: true });
    expect(pending).toContain('<input type="checkbox" readOnly=""/>');
    expect(pending).toContain(
      '<button type="button" class="callout-icon" contentEditable="false" aria-label="info">',
    );
  });

  it('draws a code block plain, then with its highlighted tokens', () => {
    const code = block('k', 'codeBlock', {
      props: { language: 'javascript' },
      content: [text('const a;\nb')],
    });
    expect(html([code])).toContain(
      '<div contentEditable="false"><select disabled=""><option value="javascript" selected="">javascript</option></select></div><pre><code class="bn-inline-content">const a;\nb</code></pre>',
    );
    const highlighted = html([code], {
      useHighlight: () => ({
        style: { ['--prosemirror-highlight' as string]: '#fff' },
        lines: [[{ content: 'const a;', style: { color: '#f00' } }], [{ content: 'b', style: {} }]],
      }),
      languageName: () => 'JavaScript',
    });
    expect(highlighted).toContain('style="--prosemirror-highlight:#fff"');
    expect(highlighted).toContain('<option value="javascript" selected="">JavaScript</option>');
    expect(highlighted).toContain(
      '<code class="bn-inline-content"><span class="shiki" style="color:#f00">const a;</span>\n<span class="shiki">b</span></code>',
    );
  });

  it('draws a table with its header row, widths and cell colours', () => {
    const table = block('tb', 'table', {
      content: {
        type: 'tableContent',
        columnWidths: [100, null],
        headerRows: 1,
        rows: [
          {
            cells: [
              { type: 'tableCell', props: { backgroundColor: 'red' }, content: [text('A')] },
              [text('B')],
            ],
          },
          { cells: [[text('c')], { type: 'tableCell', props: { colspan: 1 }, content: [] }] },
        ],
      },
    });
    const out = html([table]);
    expect(out).toContain(
      '<table style="--default-cell-min-width:120px;min-width:220px"><colgroup><col style="width:100px"/><col/></colgroup>',
    );
    expect(out).toContain(
      '<th data-background-color="red" colSpan="1" rowSpan="1" colwidth="100"><p>A</p></th><th colSpan="1" rowSpan="1"><p>B</p></th>',
    );
    expect(out).toContain(
      '<td colSpan="1" rowSpan="1"><p><br class="ProseMirror-trailingBreak"/></p></td>',
    );
  });

  it('draws images through the file URL hook, and files by name', () => {
    const out = html(
      [
        block('i', 'image', {
          props: { url: '/v3/space/file/f1', name: 'a.png', caption: '封面', previewWidth: 300 },
          content: undefined,
        }),
        block('f', 'file', {
          props: { url: '/v3/space/file/f2', name: '合同.pdf' },
          content: undefined,
        }),
        block('e', 'image', { props: { url: '' }, content: undefined }),
      ],
      { useFileUrl: (url) => `/preview/${url.split('/').pop()}` },
    );
    expect(out).toContain(
      '<figure class="bn-file-block-content-wrapper" style="position:relative;width:300px"><div class="bn-visual-media-wrapper"><img class="bn-visual-media" src="/preview/f1" alt="a.png" draggable="false" width="300"/><div class="bn-resize-handle" style="left:4px;display:none"></div><div class="bn-resize-handle" style="right:4px;display:none"></div></div><figcaption class="bn-file-caption">封面</figcaption></figure>',
    );
    expect(out).toContain('<p class="bn-file-name">合同.pdf</p>');
    expect(out).toContain('<p class="bn-add-file-button-text">添加图片</p>');
  });

  it('keeps defaults out of the attributes, as BlockNote does', () => {
    expect(
      propAttributes({
        textAlignment: 'left',
        level: 1,
        checked: false,
        textColor: 'blue',
        x: undefined,
      }),
    ).toEqual({ 'data-text-color': 'blue' });
  });

  it('reads the plain text of a code block', () => {
    expect(
      inlinePlainText([text('a'), 'b', { type: 'link', href: '#', content: [text('c')] }]),
    ).toBe('abc');
  });
});

/** Elements, classes and data attributes of a rendering, in document order (what CSS sees). */
function skeleton(root: Element): string[] {
  const lines: string[] = [];
  const walk = (element: Element, depth: number) => {
    if (element.tagName === 'SELECT' || element.tagName === 'svg') return;
    const attributes = [...element.attributes]
      .filter((attribute) => /^(class$|data-(?!editable|node-view))/.test(attribute.name))
      .filter((attribute) => !(element.tagName === 'BR' && attribute.name === 'class'))
      .map((attribute) => `${attribute.name}=${attribute.value}`)
      .sort();
    lines.push(`${' '.repeat(depth)}${element.tagName.toLowerCase()} ${attributes.join(' ')}`);
    for (const child of element.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines;
}

describe("the static rendering against BlockNote's own", () => {
  it('has the same elements, classes and data attributes for every built-in block type', async () => {
    const blocks = [
      block('h1', 'heading', { props: { level: 1 } }),
      block('h3', 'heading', {
        props: { level: 3, textAlignment: 'right', backgroundColor: 'blue' },
      }),
      block('p1', 'paragraph', {
        content: [
          text('b', { bold: true, underline: true }),
          text('c', { code: true }),
          { type: 'link', href: 'https://example.com', content: [text('l')] },
        ],
        children: [block('p2', 'paragraph')],
      }),
      block('e', 'paragraph', { content: [] }),
      block('b1', 'bulletListItem', { children: [block('b2', 'bulletListItem')] }),
      block('n1', 'numberedListItem', { props: { start: 4 } }),
      block('n2', 'numberedListItem'),
      block('c1', 'checkListItem', { props: { checked: true } }),
      block('c2', 'checkListItem'),
      block('t1', 'toggleListItem', { children: [block('t2', 'paragraph')] }),
      block('th', 'heading', { props: { level: 2, isToggleable: true } }),
      block('q', 'quote'),
      block('k', 'codeBlock', { props: { language: 'text' }, content: [text('a\nb')] }),
      block('d', 'divider', { content: undefined }),
      block('tb', 'table', {
        content: {
          type: 'tableContent',
          columnWidths: [120, null],
          headerRows: 1,
          rows: [{ cells: [[text('A')], [text('B')]] }, { cells: [[text('c')], [text('d')]] }],
        },
      }),
      block('i1', 'image', {
        props: {
          url: 'https://example.com/a.png',
          name: 'a.png',
          caption: 'cap',
          previewWidth: 300,
        },
        content: undefined,
      }),
      block('i2', 'image', { props: {}, content: undefined }),
      block('f1', 'file', {
        props: { url: '/v3/space/file/x', name: 'doc.pdf' },
        content: undefined,
      }),
      block('v1', 'video', {
        props: { url: 'https://example.com/a.mp4', name: 'a.mp4' },
        content: undefined,
      }),
      block('a1', 'audio', {
        props: { url: 'https://example.com/a.mp3', name: 'a.mp3' },
        content: undefined,
      }),
    ];
    const editor = BlockNoteEditor.create({
      schema: pageSchema,
      initialContent: blocks as never,
      tables: { headers: true, splitCells: true },
    });
    editor.isEditable = false;
    const mounted = document.createElement('div');
    document.body.append(mounted);
    editor.mount(mounted);
    const theirs = mounted.querySelector('.bn-block-group')!;

    const ours = document.createElement('div');
    ours.innerHTML = html(blocks);
    const mine = skeleton(ours.querySelector('.bn-block-group')!);
    expect(mine).toEqual(skeleton(theirs));
    editor.unmount();
    mounted.remove();
  });
});
