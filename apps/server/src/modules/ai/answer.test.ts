import { describe, expect, it } from 'vitest';
import { guardMarkdown, offlineAnswer, settledLength } from './answer.js';
import { chunkChars, chunkPage, sentences } from './chunker.js';
import { buildPassage } from '../../../test/factories.js';

describe('guardMarkdown', () => {
  it('drops images and foreign links, escapes HTML, keeps our own links and citations', () => {
    const answer = guardMarkdown(
      '见 [1]。![x](https://evil.example/p?d=1) [来源](https://evil.example/a) ' +
        '[页面](/space/s/page/p) <img src=https://evil.example/i> ![](data:image/png;base64,AA)\n' +
        '[ref]: https://evil.example/r',
    );
    // nothing left that a Markdown renderer would load or turn into a foreign link
    expect(answer).not.toMatch(/!\[|\]\(https?:|\]\(data:|\[ref\]:|<img/);
    expect(answer).not.toContain('evil.example/p?d=1');
    expect(answer).toContain('[1]');
    expect(answer).toContain('[页面](/space/s/page/p)');
    expect(answer).toContain('&lt;img');
  });

  it('treats //host and /\\host as other hosts, as browsers do', () => {
    const answer = guardMarkdown('[一](//evil.example/a) [二](/\\evil.example/b) [三](/space/s)');
    expect(answer).toBe('一 二 [三](/space/s)');
  });

  it('holds back a link or image that may still be incomplete', () => {
    expect(settledLength('答案 [1] 之后')).toBe('答案 [1] 之后'.length);
    expect(settledLength('答案 ![图')).toBe(3);
    expect(settledLength('答案 [来源](https://ev')).toBe(3);
    expect(settledLength('一行\n第二行 <im')).toBe('一行\n第二行 '.length);
  });
});

describe('offlineAnswer', () => {
  it('quotes the most relevant sentences with numbers and says no model is configured', () => {
    const text = offlineAnswer('明长城全长多少公里？', [
      buildPassage('长城始建于春秋战国时期。明长城东起鸭绿江，全长约八千八百公里。它是世界遗产。'),
      buildPassage('故宫旧称紫禁城。', '故宫'),
    ]);
    expect(text).toMatch(/^（未配置大语言模型/);
    // the sentence that only names the page (长城) is not quoted
    expect(text).toContain('> 明长城东起鸭绿江，全长约八千八百公里。 [1]');
    // the sources are the references under the answer, not repeated in its text
    expect(text).not.toContain('来源');
    expect(offlineAnswer('How long is it?', [])).toMatch(/^\(No language model is configured/);
  });
});

describe('chunkPage', () => {
  it('cuts at headings, keeps heading paths and block ids, and repeats a short last sentence', () => {
    const para = (id: string, text: string) => ({
      id,
      type: 'paragraph',
      content: [{ type: 'text', text }],
    });
    const long = '这是一个用来填充长度的句子，内容没有特别的意义。'.repeat(10);
    const chunks = chunkPage('页面', [
      { id: 'h', type: 'heading', props: { level: 1 }, content: [{ type: 'text', text: '概述' }] },
      para('a', long),
      para('b', `${long}短句。`),
      { ...para('c', '下一段。'), children: [para('d', '子块的文字。')] },
      { id: 'h2', type: 'heading', props: { level: 2 }, content: [{ type: 'text', text: '细节' }] },
      para('e', '细节内容。'),
    ]);
    expect(chunks.every((chunk) => chunk.text.length <= chunkChars * 1.25)).toBe(true);
    expect(chunks[0]).toMatchObject({ headingPath: '概述', blockIds: ['a', 'b'] });
    // each block's start in the chunk's text
    const [a, b] = chunks[0]!.blockStarts;
    expect(a).toBe(0);
    expect(chunks[0]!.text.slice(b).startsWith(long.slice(0, 10))).toBe(true);
    expect(b).toBeGreaterThan(0);
    expect(chunks.at(-1)).toMatchObject({
      headingPath: '概述 / 细节',
      blockIds: ['e'],
      text: '细节内容。',
    });
    expect(chunks.some((chunk) => chunk.blockIds.includes('d'))).toBe(true);
    // the short last sentence of a full chunk opens the next one too
    const [first, second] = chunks;
    const lastSentence = first!.text.slice(
      first!.text.lastIndexOf('。', first!.text.length - 2) + 1,
    );
    expect(second!.text.startsWith(lastSentence)).toBe(true);
  });

  it("joins a section's short tail to the chunk before it", () => {
    const sentence = '这是一个用来填充长度的句子，内容没有特别的意义。'; // 24 characters
    const blocks = (tail: string) => [
      ...Array.from({ length: 16 }, (_item, index) => ({
        id: `s${index}`,
        type: 'paragraph',
        content: [{ type: 'text', text: sentence }],
      })),
      { id: 't', type: 'paragraph', content: [{ type: 'text', text: tail }] },
    ];
    // 16 sentences fill a chunk (384 characters); a tail of 30 characters would make a chunk of
    // the repeated sentence and itself: it joins the chunk before instead
    const short = chunkPage('页面', blocks('短的结尾句子没有意义，只是用来检验分块的规则。'));
    expect(short).toHaveLength(1);
    expect(short[0]!.blockIds.at(-1)).toBe('t');
    expect(short[0]!.text.length).toBeGreaterThan(chunkChars);
    // a tail of a quarter chunk or more keeps its own chunk, opened by the repeated sentence
    const kept = chunkPage('页面', blocks(sentence.repeat(5)));
    expect(kept).toHaveLength(2);
    expect(kept[1]!.blockIds).toEqual(['s15', 't']);
  });
});

describe('sentences', () => {
  it('ends Chinese sentences at 。！？ and English ones at a full stop before a capital', () => {
    expect(sentences('长城很长。它在中国！是吗？')).toEqual(['长城很长。', '它在中国！', '是吗？']);
    const english =
      'The library opens at nine. Mr. Smith wrote "S.G. Tallentyre" in 1906. Version 2.0 is out. Loans last 30 days.';
    expect(sentences(english)).toEqual([
      'The library opens at nine. ',
      'Mr. Smith wrote "S.G. Tallentyre" in 1906. ',
      'Version 2.0 is out. ',
      'Loans last 30 days.',
    ]);
    // nothing is lost: the sentences put together are the text
    expect(sentences(english).join('')).toBe(english);
  });
});
