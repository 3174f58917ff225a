import { describe, expect, it } from 'vitest';
import { pageMentions } from './page.js';

const mention = (userId: string) => ({ type: 'mention', props: { userId } });

describe('pageMentions', () => {
  it('finds each person once, with the first top-level block naming them, wherever they sit', () => {
    const blocks = [
      { id: 'a', type: 'paragraph', content: [{ type: 'text', text: '请 ' }, mention('7')] },
      {
        id: 'b',
        type: 'table',
        content: {
          type: 'tableContent',
          rows: [{ cells: [[mention('8')], { type: 'tableCell', content: [mention('7')] }] }],
        },
      },
      {
        id: 'c',
        type: 'bulletListItem',
        content: [],
        children: [{ id: 'd', type: 'paragraph', content: [mention('9'), mention('nope')] }],
      },
    ];
    expect([...pageMentions(blocks)]).toEqual([
      ['7', 'a'],
      ['8', 'b'],
      ['9', 'c'],
    ]);
  });
});
