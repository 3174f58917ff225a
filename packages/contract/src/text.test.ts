import { describe, expect, it } from 'vitest';
import { editorBlockSchema } from './schemas/page.js';
import { noteContentSchema, noteTextSchema } from './schemas/note.js';
import { maxInputDepth, stripUnsafeText, unsafeTextIndex } from './text.js';

describe('unsafeTextIndex', () => {
  it('finds NUL and lone surrogates, not surrogate pairs', () => {
    expect(unsafeTextIndex('普通文字 😀')).toBe(-1);
    expect(unsafeTextIndex('ab\u0000')).toBe(2);
    expect(unsafeTextIndex('a\ud800b')).toBe(1);
    expect(unsafeTextIndex('a\udc00')).toBe(1);
    expect(unsafeTextIndex('😀\ud83d')).toBe(2);
    expect(unsafeTextIndex('\udc00\ud800')).toBe(0);
  });
});

describe('stripUnsafeText', () => {
  it('removes them from strings and keys at any depth, keeping pairs', () => {
    expect(stripUnsafeText({ a: ['x\u0000y', { ['k\ud800']: '😀\udfff' }], n: 1 })).toEqual({
      a: ['xy', { k: '😀' }],
      n: 1,
    });
  });

  it('answers clean values as they are, without a copy', () => {
    const clean = { a: ['x', { b: 'y' }] };
    expect(stripUnsafeText(clean)).toBe(clean);
  });

  it('stops at the depth the server refuses anyway', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < maxInputDepth + 5; i++) deep = [deep];
    expect(stripUnsafeText(deep)).toBe(deep);
  });
});

describe('editor documents are stripped by their schemas', () => {
  it('strips page blocks, a note’s content and its text', () => {
    expect(editorBlockSchema.parse({ id: 'b', type: 'p', content: 'a\u0000' })).toEqual({
      id: 'b',
      type: 'p',
      content: 'a',
    });
    expect(noteContentSchema.parse([{ type: 'p', text: '\ud800x' }])).toEqual([
      { type: 'p', text: 'x' },
    ]);
    expect(noteTextSchema.parse('x\u0000')).toBe('x');
  });
});
