import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('splits on <em> only and unescapes the text', () => {
    expect(snippetParts('&lt;b&gt;Tom &amp; <em>Jerry</em>&lt;/b&gt; 遵守<em>考勤</em>')).toEqual([
      { text: '<b>Tom & ', match: false },
      { text: 'Jerry', match: true },
      { text: '</b> 遵守', match: false },
      { text: '考勤', match: true },
    ]);
  });
});
