// The editor's chunk (BlockNote, Mantine, the code highlighter): loaded once, as soon as the page
// knows the user may edit, so it downloads while the page's blocks are drawn without it.
import type * as PageEditorModule from '../components/PageEditor';

let chunk: Promise<typeof PageEditorModule> | null = null;

export function loadPageEditor() {
  chunk ??= import('../components/PageEditor');
  return chunk;
}
