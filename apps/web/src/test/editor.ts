// Tests only: a real BlockNote editor with the page's schema, mounted in the document (jsdom)
// and unmounted after each test.
import { afterEach } from 'vitest';
import { BlockNoteEditor, type BlockNoteEditorOptions } from '@blocknote/core';
import { pageSchema } from '../features/page/lib/page-schema';

let unmountLast: (() => void) | null = null;
afterEach(() => {
  unmountLast?.();
  unmountLast = null;
});

export function mountPageEditor(
  initialContent: Array<{ id: string; type: 'paragraph'; content?: string }>,
  extensions: NonNullable<BlockNoteEditorOptions<never, never, never>['extensions']> = [],
) {
  const editor = BlockNoteEditor.create({ schema: pageSchema, initialContent, extensions });
  const mounted = document.createElement('div');
  document.body.append(mounted);
  editor.mount(mounted);
  unmountLast = () => {
    editor.unmount();
    mounted.remove();
  };
  return { editor, mounted };
}
