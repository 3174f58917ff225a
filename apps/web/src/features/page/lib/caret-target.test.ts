import { describe, expect, it } from 'vitest';
import { textOffset, textPoint } from './caret-target';

function inline(html: string): HTMLElement {
  const element = document.createElement('p');
  element.innerHTML = html;
  return element;
}

describe('textOffset and textPoint', () => {
  it('count the characters of the text before a point, through marks and line breaks', () => {
    const p = inline('ab<strong>cd</strong><br>ef');
    const strong = p.querySelector('strong')!.firstChild!;
    const last = p.lastChild!;
    expect(textOffset(p, strong, 1)).toBe(3);
    expect(textOffset(p, last, 2)).toBe(6);
    // a point between children: the text of the children before it
    expect(textOffset(p, p, 2)).toBe(4);
  });

  it('find the same place in another rendering of the same text', () => {
    const static_ = inline('ab<strong>cd</strong>ef');
    const editor = inline('<span>a</span>bc<em>def</em>');
    const point = textPoint(
      editor,
      textOffset(static_, static_.querySelector('strong')!.firstChild!, 1),
    );
    expect(point.node.textContent).toBe('bc');
    expect(point.offset).toBe(2);
  });

  it('answer the end for no offset or one past the text, and the element for no text', () => {
    const p = inline('ab<em>cd</em>');
    expect(textPoint(p, null)).toEqual({ node: p.querySelector('em')!.firstChild, offset: 2 });
    expect(textPoint(p, 99)).toEqual({ node: p.querySelector('em')!.firstChild, offset: 2 });
    const empty = inline('<br>');
    expect(textPoint(empty, 3)).toEqual({ node: empty, offset: 0 });
  });
});
