// The editor's AI menu: what each entry asks the server (`POST /api/v1/ai/write`) and where its
// answer goes. A suggestion replaces the blocks it was made from (a rewrite, a conversion) or
// goes after them (continuing, a summary, an outline); standing in an empty block, it takes that
// block's place. The AI works on whole blocks: a selection inside a paragraph sends the paragraph.
import {
  isEmptyBlock,
  isEmptyDraft,
  isScriptAction,
  type AiWriteAction,
  type Block,
} from '@library/contract';

/** The entries' text keys under page.aiWrite.actions. */
export type AiMenuKey =
  | 'continue'
  | 'summarize'
  | 'outline'
  | 'polish'
  | 'fix'
  | 'shorter'
  | 'longer'
  | 'formal'
  | 'friendly'
  | 'translate'
  | 'table'
  | 'list'
  | 'custom'
  | 'toTraditional'
  | 'toTraditionalHk'
  | 'toSimplified'
  | 'pageToTraditional'
  | 'pageToTraditionalHk'
  | 'pageToSimplified';

export interface AiMenuEntry {
  key: AiMenuKey;
  action: AiWriteAction;
  instruction?: string;
  /** sends the whole page rather than the selection */
  wholePage?: boolean;
  /** the answer goes after the selection instead of replacing it */
  after?: boolean;
  group: 'write' | 'change' | 'script';
}

export const aiMenuEntries: readonly AiMenuEntry[] = [
  { key: 'continue', action: 'continue', after: true, group: 'write' },
  { key: 'summarize', action: 'summarize', wholePage: true, after: true, group: 'write' },
  { key: 'outline', action: 'outline', after: true, group: 'write' },
  { key: 'polish', action: 'polish', group: 'change' },
  { key: 'fix', action: 'fix', group: 'change' },
  { key: 'shorter', action: 'shorter', group: 'change' },
  { key: 'longer', action: 'longer', group: 'change' },
  { key: 'formal', action: 'tone', instruction: 'formal', group: 'change' },
  { key: 'friendly', action: 'tone', instruction: 'friendly', group: 'change' },
  { key: 'translate', action: 'translate', group: 'change' },
  { key: 'table', action: 'table', group: 'change' },
  { key: 'list', action: 'list', group: 'change' },
  { key: 'toTraditional', action: 'toTraditional', group: 'script' },
  { key: 'toTraditionalHk', action: 'toTraditional', instruction: 'hk', group: 'script' },
  { key: 'toSimplified', action: 'toSimplified', group: 'script' },
  { key: 'pageToTraditional', action: 'toTraditional', wholePage: true, group: 'script' },
  {
    key: 'pageToTraditionalHk',
    action: 'toTraditional',
    instruction: 'hk',
    wholePage: true,
    group: 'script',
  },
  { key: 'pageToSimplified', action: 'toSimplified', wholePage: true, group: 'script' },
];

/** A free prompt: rewrites the selection, or writes anew in an empty block. */
export function customEntry(instruction: string): AiMenuEntry {
  return { key: 'custom', action: 'custom', instruction, group: 'change' };
}

/** Whether an entry needs a model (everything except the script conversions). */
export function needsModel(entry: AiMenuEntry): boolean {
  return !isScriptAction(entry.action);
}

/** How an accepted suggestion changes the document. */
export type Placement =
  | { kind: 'replace'; ids: string[] }
  | { kind: 'after'; id: string }
  /** conversions keep block ids: each block is updated where it is */
  | { kind: 'update'; ids: string[] };

export function placementOf(entry: AiMenuEntry, selection: Block[]): Placement {
  const ids = selection.map((block) => block.id);
  if (isScriptAction(entry.action)) return { kind: 'update', ids };
  const only = selection.length === 1 ? selection[0] : undefined;
  if (only && isEmptyBlock(only)) return { kind: 'replace', ids };
  if (entry.after) return { kind: 'after', id: ids[ids.length - 1] ?? '' };
  return { kind: 'replace', ids };
}

/** Blocks that say something: a suggestion of nothing but empty paragraphs is no suggestion. */
export function hasContent(blocks: Block[]): boolean {
  return !isEmptyDraft(blocks);
}

/** The blocks with their ids (and their children's) left out, for the editor to give new ones. */
export function withoutIds(blocks: Block[]): Block[] {
  return blocks.map((block) => {
    const { id: _id, ...rest } = block;
    const children: unknown = block['children'];
    return {
      ...rest,
      ...(Array.isArray(children) ? { children: withoutIds(children as Block[]) } : {}),
    } as Block;
  });
}
