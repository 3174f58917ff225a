import { describe, expect, it } from 'vitest';
import { citationFeatures, citationWeights, citedSpot, scoreSentences } from './citation.js';
import { buildPassage } from '../../../test/factories.js';

/** The text of the sentence the model scores highest. */
function answering(text: string, title: string, question: string): string {
  const scored = scoreSentences(buildPassage(text, title), question);
  return scored.reduce((best, sentence) => (sentence.score > best.score ? sentence : best)).text;
}

describe('scoreSentences', () => {
  it('has a weight for every feature', () => {
    expect(citationWeights).toHaveLength(citationFeatures.length);
    const [first] = scoreSentences(buildPassage('长城是古代的防御工程。', '长城'), '长城是什么？');
    expect(first?.features).toHaveLength(citationFeatures.length);
  });

  it('names each feature where it is computed', () => {
    const feature = (name: (typeof citationFeatures)[number]) => citationFeatures.indexOf(name);
    const [undated, dated] = scoreSentences(
      buildPassage('潘仕成热心公益。清同治十二年(1873年)，卒。', '潘仕成'),
      '潘仕成逝世的时间是？',
    );
    expect(undated?.features[feature('date for when')]).toBe(0);
    expect(dated?.features[feature('date for when')]).toBe(1);
    expect(undated?.features[feature('first sentence')]).toBe(1);
    expect(dated?.features[feature('first sentence')]).toBe(0);
    expect(dated?.features[feature('position in passage')]).toBe(1);
    const [named] = scoreSentences(buildPassage('故宫旧称紫禁城。', '故宫'), '故宫旧称什么？');
    expect(named?.features[feature('coverage / best in passage')]).toBe(1);
    expect(named?.features[feature('best in passage')]).toBe(1);
  });

  it('keeps each sentence with its offset in the passage', () => {
    const text = '长城始建于春秋战国时期。明长城东起鸭绿江。';
    expect(
      scoreSentences(buildPassage(text, '长城'), '明长城东起哪里？').map(({ text: t, start }) => ({
        t,
        start,
      })),
    ).toEqual([
      { t: '长城始建于春秋战国时期。', start: 0 },
      { t: '明长城东起鸭绿江。', start: 12 },
    ]);
  });

  it('finds the answer sharing only single characters with the question', () => {
    // "身体" and "颜色" are nowhere as words; "体" and "色" are in the answering sentence
    const text =
      '蓝线裸顶鲷为辐鳍鱼纲鲈形目的其中一个种。本鱼分布于印度太平洋区，包括东非与红海。' +
      '本鱼体呈银灰色，腹部较淡。栖息于珊瑚礁区。';
    expect(answering(text, '蓝线裸顶鲷', '蓝线裸顶鲷的身体是什么颜色的？')).toBe(
      '本鱼体呈银灰色，腹部较淡。',
    );
  });

  it('prefers a sentence holding a date when the question asks when', () => {
    const text = '潘仕成是晚清的巨富。他热心公益，捐资修建学宫。清同治十二年(1873年)，卒。';
    expect(answering(text, '潘仕成', '潘仕成逝世的时间是？')).toBe('清同治十二年(1873年)，卒。');
  });

  it('still cites the sentence naming the question when one does', () => {
    const text = '长城始建于春秋战国时期。明长城东起鸭绿江，全长约八千八百公里。它是世界遗产。';
    expect(answering(text, '长城', '明长城全长多少公里？')).toBe(
      '明长城东起鸭绿江，全长约八千八百公里。',
    );
    expect(answering(text, '长城', '长城是世界遗产吗？')).toBe('它是世界遗产。');
  });
});

describe('citedSpot', () => {
  const text = '长城始建于春秋战国时期。明长城东起鸭绿江，全长约八千八百公里。它是世界遗产。';

  it('cites the block of the sentence that answers, with a snippet leading up to it', () => {
    const cited = { ...buildPassage(text), blockIds: ['a', 'b', 'c'], blockStarts: [0, 12, 31] };
    // the sentence before fits in the snippet with it, so the snippet starts there
    expect(citedSpot(cited, '明长城全长多少公里？')).toEqual({
      blockId: 'b',
      snippet: '长城始建于春秋战国时期。明长城东起鸭绿江，全长约八千八百公里。它是世界遗产。',
    });
    // a long sentence before does not: the snippet starts at the answering sentence
    const long = `${'长城'.repeat(90)}。明长城东起鸭绿江，全长约八千八百公里。`;
    expect(
      citedSpot(
        { ...buildPassage(long), blockIds: ['a', 'b'], blockStarts: [0, 181] },
        '明长城全长多少公里？',
      ),
    ).toEqual({
      blockId: 'b',
      snippet: '…明长城东起鸭绿江，全长约八千八百公里。',
    });
    // the page's own name (the title) does not choose the sentence; the question's other words do
    const named = '八达岭长城是明长城的一段。游客可乘火车前往。';
    expect(
      citedSpot(
        { ...buildPassage(named, '八达岭长城'), blockIds: ['a', 'b'], blockStarts: [0, 13] },
        '八达岭长城怎么乘火车去？',
      ).blockId,
    ).toBe('b');
    expect(citedSpot(cited, '世界遗产').blockId).toBe('c');
    // nothing in common: the passage's start
    expect(citedSpot(cited, '量子计算')).toMatchObject({ blockId: 'a' });
  });

  it("starts a long sentence's snippet two clauses before the clause that names the question", () => {
    const filler = '填充的文字没有意义，'.repeat(20);
    const long = `${filler}明长城全长约八千八百公里，东起鸭绿江。`;
    const spot = citedSpot(buildPassage(long), '明长城全长多少公里？');
    expect(spot.snippet).toBe(
      `…填充的文字没有意义，填充的文字没有意义，明长城全长约八千八百公里，东起鸭绿江。`,
    );
    expect(spot.blockId).toBe('b');
    // when the snippet shows that clause from the sentence's start, it starts there (and, the
    // sentence running past 240 characters, is cut at 160)
    const near = `明长城全长约八千八百公里，${filler}${filler}`;
    expect(citedSpot(buildPassage(near), '明长城全长多少公里？').snippet).toBe(
      `${near.slice(0, 160)}…`,
    );
  });

  it('runs a snippet on to the end of the sentence it would cut when that ends within 240', () => {
    const lead = '明长城全长约八千八百公里。';
    const cutAt = (length: number) => `${'填'.repeat(length - 1)}。`;
    // the second sentence ends at character 230: shown whole, then "…" for the rest
    const within = `${lead}${cutAt(230 - lead.length)}其余的内容不再显示。`;
    expect(citedSpot(buildPassage(within), '明长城全长多少公里？').snippet).toBe(
      `${within.slice(0, 230)}…`,
    );
    // it ends at 250: cut at 160
    const beyond = `${lead}${cutAt(250 - lead.length)}其余的内容不再显示。`;
    expect(citedSpot(buildPassage(beyond), '明长城全长多少公里？').snippet).toBe(
      `${beyond.slice(0, 160)}…`,
    );
  });

  it('always shows the cited sentence, even when likelier text lies further on', () => {
    const filler = '其他文字内容描述与问题无关的一些事情。';
    const text = `${filler}全长公里数由明长城测得。${filler.repeat(9)}长城全长多少公里尚无定论。明代长城全长有多少公里？`;
    const starts = [...text.matchAll(/[^。？]+[。？]/g)].map((sentence) => sentence.index);
    const spot = citedSpot(
      { ...buildPassage(text), blockIds: starts.map((_start, i) => `s${i}`), blockStarts: starts },
      '明长城全长多少公里？',
    );
    expect(spot.blockId).toBe('s1');
    expect(spot.snippet).toContain('全长公里数由明长城测得。');
  });

  it('cites an English sentence within its paragraph, not the paragraph from its start', () => {
    const filler = 'The reading room has tables and lamps for every guest. '.repeat(4);
    const text = `${filler}Members may borrow up to ten books for thirty days. Late returns cost a fine.`;
    const spot = citedSpot(buildPassage(text, 'Rules'), 'How many books may members borrow?');
    expect(spot.snippet).toMatch(/^…(The reading room[^.]*\. )?Members may borrow up to ten books/);
  });

  it('falls back to the first block when the chunk has no block offsets', () => {
    const old = { ...buildPassage(text), blockIds: ['a', 'b'], blockStarts: [] };
    expect(citedSpot(old, '世界遗产').blockId).toBe('a');
  });
});
