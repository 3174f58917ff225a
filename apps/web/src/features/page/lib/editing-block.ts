// The top-level blocks the selection is in carry `page-block-editing` (page-editor.css draws them
// `content-visibility: visible`). Every other top-level block is `content-visibility: auto`, and
// Chromium skips the contents of such a block until the first frame after it enters the DOM, so
// the block ProseMirror has just drawn for Enter (or drawn again: a block turning into a list
// item, its placeholder going) is skipped for a moment. A key typed in that moment, before the
// next frame (a fast typist on a busy machine), is put by Chromium beside the skipped contents,
// straight into the block's outer element, where ProseMirror cannot read it: it drops the
// characters and draws the block again (an e2e run lost the "-" of "- 第一项" and a backtick of
// "```js" that way). The class is a node decoration, so ProseMirror writes it in the same update
// that draws the block, before any key can reach it.
import { createExtension } from '@blocknote/core';
import type { Node as ProseMirrorNode, ResolvedPos } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

export const editingBlockClass = 'page-block-editing';

const key = new PluginKey<DecorationSet>('page-editing-block');

/** The top-level block (doc > blockGroup > blockContainer) around `$pos`, as [from, to). */
function topLevelBlock($pos: ResolvedPos): [number, number] | null {
  if ($pos.depth < 2) return null;
  const node: ProseMirrorNode = $pos.node(2);
  if (node.type.name !== 'blockContainer') return null;
  return [$pos.before(2), $pos.after(2)];
}

function decorations(state: EditorState): DecorationSet {
  const { $from, $to } = state.selection;
  const ranges = [topLevelBlock($from), topLevelBlock($to)].filter(
    (range): range is [number, number] => range !== null,
  );
  const unique = ranges.filter((range, index) => index === 0 || range[0] !== ranges[0]![0]);
  return DecorationSet.create(
    state.doc,
    unique.map(([from, to]) => Decoration.node(from, to, { class: editingBlockClass })),
  );
}

export function editingBlockPlugin(): Plugin<DecorationSet> {
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: (_, state) => decorations(state),
      // only when the selection or the document changed (a keystroke does both; cheap: one block)
      apply: (tr, previous, _, state) =>
        tr.docChanged || tr.selectionSet ? decorations(state) : previous,
    },
    props: {
      decorations: (state) => key.getState(state),
    },
  });
}

/** For `useCreateBlockNote({ extensions })`. */
export const editingBlockExtension = createExtension(() => ({
  key: 'pageEditingBlock',
  prosemirrorPlugins: [editingBlockPlugin()],
}));
