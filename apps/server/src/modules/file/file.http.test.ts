import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './file.http.js';

describe('parseRange', () => {
  it('reads one byte range of a file of 100 bytes', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('answers unsatisfiable outside the file and ignores what it cannot use', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('pages=1-2', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('attachment', '报告 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.txt')).toBe(
      `inline; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
    expect(contentDisposition('attachment', "it's*.txt")).toContain(
      "filename*=UTF-8''it%27s%2A.txt",
    );
  });
});
