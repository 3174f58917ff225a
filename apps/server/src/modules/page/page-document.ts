// A page's draft as a Yjs document, as BlockNote's collaboration mode writes it: the blocks live
// in the XmlFragment `document-store`, one `blockContainer` element per block under one
// `blockGroup`. Converting between that document and blocks goes through BlockNote's server
// editor with the page editor's schema (BlockNote's blocks, code blocks, our callout, mentions), so the
// blocks derived on the server are the ones the browser's editor would produce.
import { ServerBlockNoteEditor } from '@blocknote/server-util';
import {
  BlockNoteSchema,
  createBlockSpec,
  createCodeBlockSpec,
  createInlineContentSpec,
  defaultProps,
} from '@blocknote/core';
import {
  calloutTones,
  pageMentionType,
  pageDocumentFragment,
  type Block,
  type BlockChange,
} from '@library/contract';
import * as Y from 'yjs';

/** The web editor's schema (apps/web page-schema.tsx), without anything that draws. */
function pageSchema() {
  const callout = createBlockSpec(
    {
      type: 'callout',
      propSchema: {
        textAlignment: defaultProps.textAlignment,
        textColor: defaultProps.textColor,
        tone: { default: 'info', values: calloutTones },
      },
      content: 'inline',
    },
    {
      render: () => {
        throw new Error('the server converts page documents; it never draws them');
      },
    },
  );
  const mention = createInlineContentSpec(
    { type: pageMentionType, propSchema: { userId: { default: '' } }, content: 'none' },
    {
      render: () => {
        throw new Error('the server converts page documents; it never draws them');
      },
    },
  );
  return BlockNoteSchema.create().extend({
    blockSpecs: {
      codeBlock: createCodeBlockSpec({ defaultLanguage: 'text' }),
      callout: callout(),
    },
    inlineContentSpecs: { mention },
  });
}

type PageSchema = ReturnType<typeof pageSchema>;
type PageEditor = ServerBlockNoteEditor<
  PageSchema['blockSchema'],
  PageSchema['inlineContentSchema'],
  PageSchema['styleSchema']
>;
let editor: PageEditor | undefined;

/** Made on first use: creating it takes about a tenth of a second. */
function pageEditor(): PageEditor {
  editor ??= ServerBlockNoteEditor.create({ schema: pageSchema() });
  return editor;
}

export function documentFragment(doc: Y.Doc): Y.XmlFragment {
  return doc.getXmlFragment(pageDocumentFragment);
}

/** The draft's blocks as the document holds them now. */
export function blocksOfDocument(doc: Y.Doc): Block[] {
  return pageEditor().yXmlFragmentToBlocks(documentFragment(doc)) as Block[];
}

/** A new document holding `blocks`, encoded as one update. */
export function documentFromBlocks(blocks: Block[]): Uint8Array {
  const doc = new Y.Doc();
  try {
    pageEditor().blocksToYXmlFragment(blocks as never, documentFragment(doc));
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

/**
 * Makes the document hold `blocks`, in one transaction. y-prosemirror writes only the difference,
 * so blocks that stay as they were are left alone and what live editors type in them meanwhile is
 * kept.
 */
export function writeDocumentBlocks(doc: Y.Doc, blocks: Block[], origin: unknown): void {
  doc.transact(() => {
    pageEditor().blocksToYXmlFragment(blocks as never, documentFragment(doc));
  }, origin);
}

/**
 * The blocks after a save's changes (checked against them by `planBlockSave` first): an upsert
 * without `afterBlockId` keeps an existing block in its place and puts a new one last.
 */
export function blocksAfterChanges(blocks: Block[], changes: BlockChange[]): Block[] {
  const list = [...blocks];
  const indexOf = (blockId: string) => list.findIndex((block) => block.id === blockId);
  for (const change of changes) {
    const at = indexOf(change.blockId);
    if (change.op === 'delete') {
      if (at >= 0) list.splice(at, 1);
      continue;
    }
    const block = change.op === 'upsert' ? (change.data as Block) : list[at];
    if (!block) continue;
    if (change.op === 'upsert' && change.afterBlockId === undefined) {
      if (at >= 0) list[at] = block;
      else list.push(block);
      continue;
    }
    if (at >= 0) list.splice(at, 1);
    const after = change.afterBlockId ?? null;
    list.splice(after === null ? 0 : indexOf(after) + 1, 0, block);
  }
  return list;
}
