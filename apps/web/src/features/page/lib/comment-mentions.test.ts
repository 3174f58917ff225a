import { describe, expect, it } from 'vitest';
import { commentPieces, draftFromStored, storedFromDraft } from './comment-mentions';

const zhang = { userId: '100002', nickname: '张三', avatar: null };
const zhangsanfeng = { userId: '100003', nickname: '张三丰', avatar: null };

describe('comment mentions', () => {
  it('shows stored mentions by nickname and stores them back by id', () => {
    const draft = draftFromStored('请 <@100002> 和 <@100003> 看，<@999>', [zhang, zhangsanfeng]);
    expect(draft.text).toBe('请 @张三 和 @张三丰 看，<@999>');
    expect(storedFromDraft(draft)).toBe('请 <@100002> 和 <@100003> 看，<@999>');
  });

  it('takes the longest nickname that fits, and leaves an @ nobody was picked for', () => {
    const picked = new Map([
      ['张三', '100002'],
      ['张三丰', '100003'],
    ]);
    expect(storedFromDraft({ text: '@张三丰 @张三 @李四 a@b.com', picked })).toBe(
      '<@100003> <@100002> @李四 a@b.com',
    );
  });

  it('cuts a stored text into words, named people and unknown ids', () => {
    expect(commentPieces('请 <@100002> 看 <@7>。', [zhang])).toEqual([
      { text: '请 ' },
      { person: zhang },
      { text: ' 看 ' },
      { unknown: '7' },
      { text: '。' },
    ]);
  });
});
