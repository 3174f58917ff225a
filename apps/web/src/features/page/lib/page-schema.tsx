// The page editor's block schema: BlockNote's blocks, code blocks highlighted by
// @blocknote/code-block, our callout, and mentions of people; plus the slash menu with the callout
// in it and the '@' menu of the space's people.
import { RobotOutlined } from '@ant-design/icons';
import { BlockNoteSchema, createCodeBlockSpec, type BlockNoteEditor } from '@blocknote/core';
import { filterSuggestionItems, insertOrUpdateBlockForSlashMenu } from '@blocknote/core/extensions';
import { codeBlockOptions } from '@blocknote/code-block';
import {
  createReactInlineContentSpec,
  getDefaultReactSlashMenuItems,
  type DefaultReactSuggestionItem,
} from '@blocknote/react';
import { pageMentionType, type SpacePerson } from '@library/contract';
import { MentionChip } from '../components/MentionChip';
import { createCalloutBlock } from './callout-block';

/** `{type: 'mention', props: {userId}}`, drawn as '@nickname' */
const mention = createReactInlineContentSpec(
  { type: pageMentionType, propSchema: { userId: { default: '' } }, content: 'none' },
  { render: ({ inlineContent }) => <MentionChip userId={inlineContent.props.userId} /> },
);

export const pageSchema = BlockNoteSchema.create().extend({
  blockSpecs: {
    codeBlock: createCodeBlockSpec({ ...codeBlockOptions, defaultLanguage: 'text' }),
    callout: createCalloutBlock(),
  },
  inlineContentSpecs: { mention },
});

export type PageEditorInstance = BlockNoteEditor<
  typeof pageSchema.blockSchema,
  typeof pageSchema.inlineContentSchema,
  typeof pageSchema.styleSchema
>;

export interface SlashItemLabels {
  title: string;
  subtext: string;
}

/**
 * The slash menu's items for `query`: the AI panel first (`/ai`), then BlockNote's own, with the
 * callout after the quote.
 */
export function pageSlashMenuItems(
  editor: PageEditorInstance,
  labels: { callout: SlashItemLabels; ai: SlashItemLabels },
  query: string,
  openAi: () => void,
): DefaultReactSuggestionItem[] {
  const items = getDefaultReactSlashMenuItems(editor);
  // the items keep BlockNote's dictionary key at run time, though their type drops it
  const quote = items.findIndex((item) => (item as { key?: string }).key === 'quote');
  const callout: DefaultReactSuggestionItem = {
    title: labels.callout.title,
    subtext: labels.callout.subtext,
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
  const ai: DefaultReactSuggestionItem = {
    title: labels.ai.title,
    subtext: labels.ai.subtext,
    group: 'AI',
    aliases: ['ai', 'xiezuo', '写作', '寫作', 'write'],
    icon: <RobotOutlined aria-hidden />,
    // the menu has taken its '/…' text out of the block by now
    onItemClick: openAi,
  };
  return filterSuggestionItems([ai, ...items], query);
}

/** The '@' menu: the space's people (friends first), each inserted as a mention and a space. */
export function mentionMenuItems(
  editor: PageEditorInstance,
  people: SpacePerson[],
  friendLabel: string,
): DefaultReactSuggestionItem[] {
  return people.map((person) => ({
    title: person.nickname,
    subtext: person.friend ? friendLabel : undefined,
    onItemClick: () => {
      editor.insertInlineContent([
        { type: pageMentionType, props: { userId: person.userId } },
        ' ',
      ]);
    },
  }));
}
