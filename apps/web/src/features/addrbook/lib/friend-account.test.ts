import { describe, expect, it } from 'vitest';
import { sampleUser } from '../../../test/fake-server';
import { accountKind, accountProblem, normaliseAccount } from './friend-account';

const me = { ...sampleUser, email: 'lin@example.com' };

describe('the account the add-friend dialog asks for', () => {
  it('recognises a phone number, an e-mail address and a numeric ID', () => {
    expect(accountKind('13912345678')).toBe('mobile');
    expect(accountKind('+86 139-1234-5678')).toBe('mobile');
    expect(accountKind('chen@example.com')).toBe('email');
    expect(accountKind('10002')).toBe('userId');
    expect(accountKind('陈思远')).toBeNull();
    expect(accountKind('chen@')).toBeNull();
  });

  it('drops the spaces and dashes typed in a phone number, not those of an e-mail', () => {
    expect(normaliseAccount(' 139 1234 5678 ')).toBe('13912345678');
    expect(normaliseAccount(' chen@example.com ')).toBe('chen@example.com');
  });

  it('refuses empty, partial and one’s own accounts before asking the server', () => {
    expect(accountProblem('   ', me)).toBe('empty');
    // a short number is someone's ID, so it is asked for
    expect(accountProblem('1391234', me)).toBeNull();
    expect(accountProblem('林小', me)).toBe('format');
    expect(accountProblem(me.userId, me)).toBe('self');
    expect(accountProblem('+8613800138000', me)).toBe('self');
    expect(accountProblem('LIN@example.com', me)).toBe('self');
    expect(accountProblem('13912345678', me)).toBeNull();
    // unknown who I am (still loading): the server decides
    expect(accountProblem(me.userId, undefined)).toBeNull();
  });
});
