import { describe, expect, it } from 'vitest';
import { mountPageEditor } from '../../../test/editor';
import { editingBlockClass, editingBlockExtension } from './editing-block';

const paragraph = (id: string, text: string) => ({
  id,
  type: 'paragraph' as const,
  content: text,
});

function mountEditor(blocks: ReturnType<typeof paragraph>[]) {
  const { editor, mounted } = mountPageEditor(blocks, [editingBlockExtension()]);
  const editing = () =>
    Array.from(mounted.querySelectorAll(`.bn-block-outer.${editingBlockClass}`)).map((outer) =>
      outer.getAttribute('data-id'),
    );
  return { editor, mounted, editing };
}

describe('editingBlockExtension', () => {
  it('marks the outer element of the top-level block the cursor is in, and only it', () => {
    const { editor, editing } = mountEditor([paragraph('a', 'one'), paragraph('b', 'two')]);
    editor.setTextCursorPosition('b', 'end');
    expect(editing()).toEqual(['b']);
    editor.setTextCursorPosition('a', 'start');
    expect(editing()).toEqual(['a']);
  });

  it('marks a block in the same update that draws it (Enter, then a key before the next frame)', () => {
    const { editor, mounted, editing } = mountEditor([paragraph('a', 'one')]);
    editor.setTextCursorPosition('a', 'end');
    // what Enter does: a new block after this one, the cursor in it, in one transaction
    editor.transact(() => {
      editor.insertBlocks([paragraph('new', '')], 'a', 'after');
      editor.setTextCursorPosition('new', 'start');
    });
    const drawn = mounted.querySelector('.bn-block-outer[data-id="new"]');
    expect(drawn?.classList.contains(editingBlockClass)).toBe(true);
    expect(editing()).toEqual(['new']);
  });

  it('marks both ends of a selection across blocks', () => {
    const { editor, editing } = mountEditor([
      paragraph('a', 'one'),
      paragraph('b', 'two'),
      paragraph('c', 'three'),
    ]);
    editor.setSelection('a', 'c');
    expect(editing()).toEqual(['a', 'c']);
  });
});
