// The page editor's block schema: BlockNote's blocks, code blocks highlighted by
// @blocknote/code-block, and our callout; plus the slash menu with the callout in it.
import { BlockNoteSchema, createCodeBlockSpec, type BlockNoteEditor } from '@blocknote/core';
import { filterSuggestionItems, insertOrUpdateBlockForSlashMenu } from '@blocknote/core/extensions';
import { codeBlockOptions } from '@blocknote/code-block';
import { getDefaultReactSlashMenuItems, type DefaultReactSuggestionItem } from '@blocknote/react';
import { createCalloutBlock } from './callout-block';

export const pageSchema = BlockNoteSchema.create().extend({
  blockSpecs: {
    codeBlock: createCodeBlockSpec({ ...codeBlockOptions, defaultLanguage: 'text' }),
    callout: createCalloutBlock(),
  },
});

export type PageEditorInstance = BlockNoteEditor<
  typeof pageSchema.blockSchema,
  typeof pageSchema.inlineContentSchema,
  typeof pageSchema.styleSchema
>;

export interface CalloutLabels {
  title: string;
  subtext: string;
}

/** The slash menu's items for `query`: BlockNote's own, with the callout after the quote. */
export function pageSlashMenuItems(
  editor: PageEditorInstance,
  labels: CalloutLabels,
  query: string,
): DefaultReactSuggestionItem[] {
  const items = getDefaultReactSlashMenuItems(editor);
  // the items keep BlockNote's dictionary key at run time, though their type drops it
  const quote = items.findIndex((item) => (item as { key?: string }).key === 'quote');
  const callout: DefaultReactSuggestionItem = {
    title: labels.title,
    subtext: labels.subtext,
    group: items[quote]?.group ?? items[0]?.group,
    aliases: ['callout', 'tip', 'note', 'tishi', '提示', '提示框', '标注'],
    // BlockNote's menu sets fonts of its own, without the product's emoji font
    icon: (
      <span aria-hidden className="emoji-glyph">
        💡
      </span>
    ),
    onItemClick: () => {
      insertOrUpdateBlockForSlashMenu(editor, { type: 'callout' });
    },
  };
  items.splice(quote < 0 ? items.length : quote + 1, 0, callout);
  return filterSuggestionItems(items, query);
}
