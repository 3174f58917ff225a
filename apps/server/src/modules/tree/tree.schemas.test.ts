import { describe, expect, it } from 'vitest';
import {
  createLinkRequestSchema,
  listViewQuerySchema,
  moveNodeRequestSchema,
  renamePageRequestSchema,
} from '@library/contract';

const id = '00000000-0000-4000-8000-000000000001';

describe('tree request schemas', () => {
  it('takes only http(s) link addresses up to 2048 characters, trimmed', () => {
    const parse = (url: string) => createLinkRequestSchema.safeParse({ name: '链接', url });
    expect(parse(' https://例子.中国/路径?q=1 ').data?.url).toBe('https://例子.中国/路径?q=1');
    expect(parse(`http://a.io/${'x'.repeat(2048 - 12)}`).success).toBe(true);
    for (const bad of [
      `http://a.io/${'x'.repeat(2048 - 11)}`,
      'ftp://a.io',
      'javascript:alert(1)',
      'data:text/html,hi',
      'a.io',
      'http://',
    ]) {
      expect([bad.slice(0, 24), parse(bad).success]).toEqual([bad.slice(0, 24), false]);
    }
  });

  it('lets a null target go only with placement inside', () => {
    expect(moveNodeRequestSchema.safeParse({ targetId: null, placement: 'inside' }).success).toBe(
      true,
    );
    expect(moveNodeRequestSchema.safeParse({ targetId: null, placement: 'before' }).success).toBe(
      false,
    );
    expect(moveNodeRequestSchema.safeParse({ targetId: id, placement: 'after' }).success).toBe(
      true,
    );
    expect(moveNodeRequestSchema.safeParse({ targetId: 'x', placement: 'after' }).success).toBe(
      false,
    );
  });

  it('needs something to change in a page edit', () => {
    expect(renamePageRequestSchema.safeParse({}).success).toBe(false);
    expect(renamePageRequestSchema.safeParse({ avatar: null }).success).toBe(true);
  });

  it('defaults the list view to the latest change first', () => {
    expect(listViewQuerySchema.parse({})).toEqual({ orderBy: 'updatedAt', order: 'desc' });
    expect(listViewQuerySchema.safeParse({ orderBy: 'size' }).success).toBe(false);
  });
});
