import { describe, expect, it } from 'vitest';
import { mentionsAsNames } from './mention-text';

const names = new Map([
  ['10001', '林小书'],
  ['20002', '张三'],
]);
const nameOf = (userId: string) => names.get(userId);

describe('mentions in an excerpt', () => {
  it('reads each mention as @ and the name the inbox knows, else a neutral word', () => {
    expect(mentionsAsNames('请看 <@10001> 和 <@20002>，抄送 <@30003>', nameOf, '某人')).toBe(
      '请看 @林小书 和 @张三，抄送 @某人',
    );
  });

  it('leaves text without mentions, and look-alikes that are no mention, as they are', () => {
    expect(mentionsAsNames('a <b> <@x> <@>', nameOf, '某人')).toBe('a <b> <@x> <@>');
  });

  it('does not show the half of a mention an excerpt was cut in', () => {
    expect(mentionsAsNames('很长的评论 <@100…', nameOf, '某人')).toBe('很长的评论 @…');
    expect(mentionsAsNames('很长的评论 <@…', nameOf, '某人')).toBe('很长的评论 @…');
  });
});
