// An accepted AI suggestion into the live document, as one transaction: one undo step, and one
// update for the others. Blocks someone else removed meanwhile are skipped; with none of the
// original blocks left, the suggestion goes at the end of the page rather than nowhere.
import type { PartialBlock } from '@blocknote/core';
import type { Block } from '@library/contract';
import type { Placement } from './ai-write';
import type { PageEditorInstance } from './page-schema';

type EditorBlock = PartialBlock<
  PageEditorInstance['schema']['blockSchema'],
  PageEditorInstance['schema']['inlineContentSchema'],
  PageEditorInstance['schema']['styleSchema']
>;

// The contract keeps blocks as loose JSON; the server built them for this schema.
const toEditor = (blocks: Block[]) => blocks as unknown as EditorBlock[];

export function applySuggestion(
  editor: PageEditorInstance,
  placement: Placement,
  blocks: Block[],
): void {
  editor.transact(() => {
    const present = (id: string) => editor.getBlock(id) !== undefined;
    const atEnd = () => {
      const last = editor.document[editor.document.length - 1];
      if (last) editor.insertBlocks(toEditor(blocks), last.id, 'after');
    };
    switch (placement.kind) {
      case 'update':
        for (const block of blocks) {
          if (present(block.id)) editor.updateBlock(block.id, toEditor([block])[0]!);
        }
        return;
      case 'replace': {
        const ids = placement.ids.filter(present);
        if (ids.length > 0) editor.replaceBlocks(ids, toEditor(blocks));
        else atEnd();
        return;
      }
      case 'after':
        if (present(placement.id)) editor.insertBlocks(toEditor(blocks), placement.id, 'after');
        else atEnd();
        return;
    }
  });
}
