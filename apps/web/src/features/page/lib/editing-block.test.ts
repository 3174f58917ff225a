import { afterEach, describe, expect, it } from 'vitest';
import { BlockNoteEditor } from '@blocknote/core';
import { editingBlockClass, editingBlockExtension } from './editing-block';
import { pageSchema } from './page-schema';

const paragraph = (id: string, text: string) => ({
  id,
  type: 'paragraph' as const,
  content: text,
});

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

function mountEditor(blocks: ReturnType<typeof paragraph>[]) {
  const editor = BlockNoteEditor.create({
    schema: pageSchema,
    initialContent: blocks,
    extensions: [editingBlockExtension()],
  });
  const mounted = document.createElement('div');
  document.body.append(mounted);
  editor.mount(mounted);
  cleanup = () => {
    editor.unmount();
    mounted.remove();
  };
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
