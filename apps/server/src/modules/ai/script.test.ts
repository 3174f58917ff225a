import type { Block } from '@library/contract';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { loadCmrc, loadDrcd } from '../../../test/cmrc.js';
import { convertBlocks, convertRuns, convertText, scriptTargetOf } from './script.js';

const cmrc = loadCmrc().flatMap((article) => article.paragraphs.map((p) => p.context));
const drcd = loadDrcd().flatMap((article) => article.paragraphs.map((p) => p.context));

const text = (value: string, styles: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  styles,
});

/**
 * A paragraph as an editor holds it: its text cut every 17 characters into runs of alternating
 * styles, the third run a link, then inline code and a mention; a code block and a table after.
 */
function richBlocks(paragraph: string, index: number): Block[] {
  const pieces = paragraph.match(/[\s\S]{1,17}/g) ?? [];
  const content = pieces.map((piece, i) =>
    i === 2
      ? { type: 'link', href: `https://example.com/p/${index}?q=软件`, content: [text(piece)] }
      : text(piece, i % 2 === 1 ? { bold: true } : {}),
  );
  return [
    {
      id: `p${index}`,
      type: 'paragraph',
      props: { textAlignment: 'left' },
      content: [
        ...content,
        text('const 软件 = "鼠标";', { code: true }),
        { type: 'mention', props: { userId: '42' } },
      ],
      children: [
        {
          id: `c${index}`,
          type: 'bulletListItem',
          props: {},
          content: [text(paragraph.slice(0, 30))],
          children: [],
        },
      ],
    },
    {
      id: `code${index}`,
      type: 'codeBlock',
      props: { language: 'text' },
      content: [text('// 软件和鼠标\nprint("简体")')],
      children: [],
    },
    {
      id: `t${index}`,
      type: 'table',
      props: {},
      content: {
        type: 'tableContent',
        columnWidths: [null, null],
        rows: [
          {
            cells: [
              { type: 'tableCell', props: { colspan: 1 }, content: [text(paragraph.slice(0, 12))] },
              [text(paragraph.slice(12, 24))],
            ],
          },
        ],
      },
      children: [],
    },
  ];
}

/** The blocks with every text that converts emptied: what conversion must leave as it was. */
function skeleton(value: unknown, code = false): unknown {
  if (Array.isArray(value)) return value.map((item) => skeleton(item, code));
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const isCode =
    code ||
    record.type === 'codeBlock' ||
    (record.styles as Record<string, unknown> | undefined)?.code === true;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if ((key === 'text' || key === 'caption') && typeof item === 'string' && !isCode) {
      out[key] = '';
    } else {
      out[key] = skeleton(item, isCode);
    }
  }
  return out;
}

describe('scriptTargetOf', () => {
  it('writes Taiwan’s Traditional unless asked for Hong Kong’s, and Simplified from either', () => {
    expect(scriptTargetOf('toTraditional')).toBe('traditional');
    expect(scriptTargetOf('toTraditional', 'hk')).toBe('traditionalHk');
    expect(scriptTargetOf('toTraditional', ' HK ')).toBe('traditionalHk');
    expect(scriptTargetOf('toTraditional', 'formal')).toBe('traditional');
    expect(scriptTargetOf('toSimplified', 'hk')).toBe('simplified');
  });
});

describe('convertText', () => {
  it('uses Taiwan phrases, Hong Kong characters, and mainland phrases back', () => {
    expect(convertText('软件和鼠标', 'traditional')).toBe('軟體和滑鼠');
    expect(convertText('软件和鼠标', 'traditionalHk')).toBe('軟件和鼠標');
    expect(convertText('軟體和滑鼠', 'simplified')).toBe('软件和鼠标');
    // Hong Kong's variants come back too: 衞 and 綫 are not Taiwan's
    expect(convertText('軟件的衞生綫', 'simplified')).toBe('软件的卫生线');
    expect(convertText('', 'traditional')).toBe('');
  });

  it('is OpenCC’s s2twp and s2hk on every CMRC paragraph', () => {
    const s2twp = OpenCC.Converter({ from: 'cn', to: 'twp' });
    const s2hk = OpenCC.Converter({ from: 'cn', to: 'hk' });
    for (const paragraph of cmrc) {
      expect(convertText(paragraph, 'traditional')).toBe(s2twp(paragraph));
      expect(convertText(paragraph, 'traditionalHk')).toBe(s2hk(paragraph));
    }
  });

  it('leaves text already in the target script as it is', () => {
    // OpenCC alone turns 鄉里 into 鄉裡 and 征 into 徵 in text that was right
    const untouched = drcd.filter((p) => convertText(p, 'traditional') === p).length;
    expect(untouched).toBeGreaterThan(600); // 645 of 1,000; OpenCC's s2twp alone: far fewer
    expect(cmrc.every((p) => convertText(p, 'simplified') === p)).toBe(true);
    const once = cmrc.map((p) => convertText(p, 'traditional'));
    const twice = once.filter((p) => convertText(p, 'traditional') === p).length;
    expect(twice).toBeGreaterThanOrEqual(252); // of 256; OpenCC alone: 216
    expect(convertText('這本書用的是軟體', 'traditional')).toBe('這本書用的是軟體');
    expect(convertText('这本書', 'traditional')).toBe('這本書');
  });
});

describe('convertRuns', () => {
  it('converts a phrase cut by formatting as one phrase', () => {
    expect(convertRuns(['软', '件'], 'traditional')).toEqual(['軟', '體']);
    expect(convertRuns(['我的', '鼠', '标坏了'], 'traditional')).toEqual(['我的', '滑', '鼠壞了']);
  });

  it('converts each piece alone when the phrase changes its length', () => {
    expect(convertText('程序员', 'traditional')).toBe('程式設計師');
    // no character moves into the other run's formatting
    expect(convertRuns(['程序', '员'], 'traditional')).toEqual(['程式', '員']);
  });

  it('keeps empty runs empty', () => {
    expect(convertRuns(['', '软件', '', '很好'], 'traditional')).toEqual(['', '軟體', '', '很好']);
  });
});

describe('convertBlocks', () => {
  // the paragraphs OpenCC itself takes there and back unchanged
  const s2twp = OpenCC.Converter({ from: 'cn', to: 'twp' });
  const tw2sp = OpenCC.Converter({ from: 'twp', to: 'cn' });
  const hk2s = OpenCC.Converter({ from: 'hk', to: 'cn' });
  const roundTripping = cmrc.filter((p) => hk2s(tw2sp(s2twp(p))) === p);

  it('takes the CMRC paragraphs OpenCC round-trips there and back without changing a character', () => {
    expect(roundTripping.length).toBe(145);
    for (const [index, paragraph] of roundTripping.entries()) {
      const blocks = richBlocks(paragraph, index);
      const traditional = convertBlocks(blocks, 'traditional');
      expect(traditional).not.toEqual(blocks);
      expect(convertBlocks(traditional, 'simplified')).toEqual(blocks);
    }
  });

  it('keeps every block, id, prop, link, mention, code span and code block', () => {
    for (const [index, paragraph] of cmrc.entries()) {
      const blocks = richBlocks(paragraph, index);
      for (const target of ['traditional', 'traditionalHk', 'simplified'] as const) {
        const converted = convertBlocks(blocks, target);
        expect(skeleton(converted)).toEqual(skeleton(blocks));
      }
      const traditional = convertBlocks(blocks, 'traditional');
      // the runs together read as the paragraph converted whole when no phrase that changes its
      // length is cut by formatting
      const runs = (traditional[0]!.content as Array<Record<string, unknown>>)
        .slice(0, -2)
        .map((item) =>
          item.type === 'link'
            ? (item.content as Array<{ text: string }>)[0]!.text
            : (item.text as string),
        );
      if (s2twp(paragraph).length === paragraph.length) {
        expect(runs.join('')).toBe(convertText(paragraph, 'traditional'));
      }
    }
  });

  it('converts links’ text, table cells, captions and nested blocks, and nothing else', () => {
    const blocks: Block[] = [
      {
        id: 'a',
        type: 'callout',
        props: { tone: 'info' },
        content: [
          text('下载'),
          {
            type: 'link',
            href: 'https://example.com/软件',
            content: [text('软件', { bold: true })],
          },
          text('鼠标', { code: true }),
          { type: 'mention', props: { userId: '7' } },
        ],
        children: [
          {
            id: 'b',
            type: 'image',
            props: { url: 'https://example.com/鼠标.png', name: '鼠标.png', caption: '鼠标' },
            children: [],
          },
        ],
      },
      {
        id: 'c',
        type: 'table',
        props: {},
        content: {
          type: 'tableContent',
          rows: [{ cells: [[text('软件')], { type: 'tableCell', content: [text('鼠标')] }] }],
        },
        children: [],
      },
      { id: 'd', type: 'codeBlock', props: {}, content: [text('软件')], children: [] },
    ];
    const before = structuredClone(blocks);
    const converted = convertBlocks(blocks, 'traditional');
    expect(blocks).toEqual(before); // the input is not changed
    expect(converted).toEqual([
      {
        ...before[0],
        content: [
          text('下載'),
          {
            type: 'link',
            href: 'https://example.com/软件',
            content: [text('軟體', { bold: true })],
          },
          text('鼠标', { code: true }),
          { type: 'mention', props: { userId: '7' } },
        ],
        children: [
          {
            id: 'b',
            type: 'image',
            props: { url: 'https://example.com/鼠标.png', name: '鼠标.png', caption: '滑鼠' },
            children: [],
          },
        ],
      },
      {
        ...before[1],
        content: {
          type: 'tableContent',
          rows: [{ cells: [[text('軟體')], { type: 'tableCell', content: [text('滑鼠')] }] }],
        },
      },
      before[2],
    ]);
    expect(converted[0]).not.toBe(blocks[0]);
    expect(converted[2]).not.toBe(blocks[2]);
  });
});
