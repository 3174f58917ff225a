// The BlockNote editor, loaded lazily in its own chunk (import it through LazyPageEditor).
// Chinese UI from BlockNote's own dictionaries, light/dark from the app theme, code blocks
// highlighted by @blocknote/code-block; the drag handle menu adds "comment on this block".
import { useEffect, useMemo, useRef } from 'react';
import { BlockNoteSchema, createCodeBlockSpec, type PartialBlock } from '@blocknote/core';
import { SideMenuExtension } from '@blocknote/core/extensions';
import { en, zh, zhTW } from '@blocknote/core/locales';
import { codeBlockOptions } from '@blocknote/code-block';
import {
  BlockColorsItem,
  DragHandleMenu,
  RemoveBlockItem,
  SideMenu,
  SideMenuController,
  TableColumnHeaderItem,
  TableRowHeaderItem,
  useBlockNoteEditor,
  useComponentsContext,
  useCreateBlockNote,
  useDictionary,
  useExtensionState,
} from '@blocknote/react';
import { BlockNoteView } from '@blocknote/mantine';
import '@blocknote/mantine/style.css';
import type { Block, Locale } from '@library/contract';
import { resolveImagePath } from '../../../lib/image-path';
import './page-editor.css';

export interface PageEditorProps {
  /** the document when the editor mounts; later changes come from the user */
  initialBlocks: Block[];
  editable: boolean;
  locale: Locale;
  theme: 'light' | 'dark';
  onChange?: (blocks: Block[]) => void;
  /** the blocks as the editor normalised them, right after it mounts */
  onReady?: (blocks: Block[]) => void;
  /** shown in the drag handle menu when given */
  onCommentBlock?: (blockId: string) => void;
  commentLabel?: string;
}

const schema = BlockNoteSchema.create().extend({
  blockSpecs: { codeBlock: createCodeBlockSpec({ ...codeBlockOptions, defaultLanguage: 'text' }) },
});

const dictionaries = { zh_CN: zh, zh_TW: zhTW, en_US: en } as const;

// The contract keeps blocks as loose JSON; BlockNote's own block types are richer.
const toContract = (blocks: unknown): Block[] => blocks as Block[];
const toEditor = (blocks: Block[]) =>
  blocks as unknown as PartialBlock<typeof schema.blockSchema>[];

function CommentBlockItem({
  label,
  onComment,
}: {
  label: string;
  onComment: (id: string) => void;
}) {
  const Components = useComponentsContext();
  const editor = useBlockNoteEditor();
  const block = useExtensionState(SideMenuExtension, { editor, selector: (state) => state?.block });
  if (!Components || block === undefined) return null;
  return (
    <Components.Generic.Menu.Item className="bn-menu-item" onClick={() => onComment(block.id)}>
      {label}
    </Components.Generic.Menu.Item>
  );
}

export function PageEditor({
  initialBlocks,
  editable,
  locale,
  theme,
  onChange,
  onReady,
  onCommentBlock,
  commentLabel,
}: PageEditorProps) {
  const latest = useRef(initialBlocks);
  const dictionary = dictionaries[locale];
  const editor = useCreateBlockNote(
    {
      schema,
      dictionary,
      initialContent: latest.current.length > 0 ? toEditor(latest.current) : undefined,
      // images and files are stored by URL; root-relative paths follow the §7 image path rule
      resolveFileUrl: (url) => Promise.resolve(resolveImagePath(url) ?? url),
      tables: { headers: true, splitCells: true },
    },
    [dictionary],
  );

  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  useEffect(() => {
    onReadyRef.current?.(toContract(editor.document));
  }, [editor]);

  const DragMenu = useMemo(() => {
    if (!onCommentBlock || !commentLabel) return undefined;
    return function PageDragHandleMenu() {
      const dict = useDictionary();
      return (
        <DragHandleMenu>
          <RemoveBlockItem>{dict.drag_handle.delete_menuitem}</RemoveBlockItem>
          <BlockColorsItem>{dict.drag_handle.colors_menuitem}</BlockColorsItem>
          <TableRowHeaderItem>{dict.drag_handle.header_row_menuitem}</TableRowHeaderItem>
          <TableColumnHeaderItem>{dict.drag_handle.header_column_menuitem}</TableColumnHeaderItem>
          <CommentBlockItem label={commentLabel} onComment={onCommentBlock} />
        </DragHandleMenu>
      );
    };
  }, [onCommentBlock, commentLabel]);

  return (
    <BlockNoteView
      editor={editor}
      editable={editable}
      theme={theme}
      className="page-editor"
      sideMenu={DragMenu ? false : editable}
      onChange={() => {
        const blocks = toContract(editor.document);
        latest.current = blocks;
        onChange?.(blocks);
      }}
    >
      {DragMenu && editable ? (
        <SideMenuController
          sideMenu={(props) => <SideMenu {...props} dragHandleMenu={DragMenu} />}
        />
      ) : null}
    </BlockNoteView>
  );
}

export default PageEditor;
