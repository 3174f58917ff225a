import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';
import { formatFileSize } from './file-size';

describe('text decoding', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    const bytes = new TextEncoder().encode('你好，世界');
    expect(decodeText(bytes).text).toBe('你好，世界');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])).text).toBe('你好，世界');
  });

  it('reads GBK text saved by older Chinese tools', () => {
    // '你好' in GBK
    expect(decodeText(new Uint8Array([0xc4, 0xe3, 0xba, 0xc3])).text).toBe('你好');
  });

  it('cuts very long text and says so', () => {
    const decoded = decodeText(new TextEncoder().encode('一二三四五'), 3);
    expect(decoded).toEqual({ text: '一二三', truncated: true });
  });
});

describe('file sizes', () => {
  it('reads like people write them', () => {
    expect(formatFileSize(0, 'zh_CN')).toBe('0 B');
    expect(formatFileSize(999, 'zh_CN')).toBe('999 B');
    expect(formatFileSize(1536, 'en_US')).toBe('1.5 KB');
    expect(formatFileSize(12 * 1024 * 1024, 'en_US')).toBe('12 MB');
    expect(formatFileSize(1.25 * 1024 ** 3, 'en_US')).toBe('1.25 GB');
  });
});
