// The BlockNote editor, loaded lazily in its own chunk (import it through LazyPageEditor), in
// collaboration mode: its document is the page's live Yjs document (lib/page-collab.ts), others'
// carets and selections show in their colours with their names, and undo takes back only one's
// own changes (BlockNote's Yjs undo).
// Chinese UI from BlockNote's own dictionaries, light/dark from the app theme, code blocks
// highlighted by @blocknote/code-block, a callout block in the slash menu (lib/page-schema.tsx);
// the drag handle menu adds "comment on this block". The block being typed in is never skipped by
// the page's `content-visibility` (lib/editing-block.ts: keys typed into a new block were lost).
// Files picked, dropped or pasted into the editor upload into the page's space (progress in the
// upload panel) and are stored as `/v3/space/file/{fileId}`, resolved to a fresh signed preview
// URL whenever a block shows them.
// The AI panel (AiWritePanel.tsx) opens from the formatting toolbar's AI button, the slash menu's
// "AI" item or Ctrl+J / ⌘J, under the blocks it works on.
import { Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { nodeToBlock } from '@blocknote/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { SideMenuExtension } from '@blocknote/core/extensions';
import { en, zh, zhTW } from '@blocknote/core/locales';
import {
  BlockColorsItem,
  DragHandleMenu,
  FormattingToolbar,
  FormattingToolbarController,
  getFormattingToolbarItems,
  RemoveBlockItem,
  SideMenu,
  SideMenuController,
  SuggestionMenuController,
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
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fileBlockUrl, fileIdOfBlockUrl, type Block, type Locale } from '@library/contract';
import { useFeature } from '../../../hooks/use-feature';
import { resolveImagePath } from '../../../lib/image-path';
import { queryClient } from '../../../lib/query-client';
import {
  filePreviewUrlQueryOptions,
  UploadList,
  uploadQueue,
  useUploads,
  UploadCancelledError,
} from '../../files';
import { spaceAiQueryOptions } from '../../ai';
import { getSpacePeople } from '../api/get-space-people';
import { applySuggestion } from '../lib/apply-suggestion';
import { AiWritePanel, type AiWriteTarget } from './AiWritePanel';
import {
  mentionMenuItems,
  pageSchema,
  pageSlashMenuItems,
  type PageEditorInstance,
} from '../lib/page-schema';
import { textPoint, type CaretTarget } from '../lib/caret-target';
import type { PageCollab } from '../lib/page-collab';
import { editingBlockExtension } from '../lib/editing-block';
import { replayTyped } from '../lib/replay-typed';

export interface PageEditorProps {
  /** the page's live document and the connection that keeps it */
  collab: PageCollab;
  locale: Locale;
  theme: 'light' | 'dark';
  /**
   * the document changed, here or by someone else; `read` answers its blocks (reading them all
   * costs, so only on demand)
   */
  onChange?: (read: () => Block[]) => void;
  /**
   * The editor is mounted (before the browser paints it): a reader of its blocks (on demand),
   * and a way to put the cursor where the user clicked while it was loading.
   */
  onReady?: (read: () => Block[], editor: PageEditorHandle) => void;
  /** shown in the drag handle menu when given */
  onCommentBlock?: (blockId: string) => void;
  commentLabel?: string;
}

const schema = pageSchema;

export interface PageEditorHandle {
  /**
   * focuses the editor at a place in a block's text, then types what was typed meanwhile ("\n":
   * Enter) as if typed there (lib/replay-typed.ts)
   */
  focusAt: (target: CaretTarget, typed: string) => void;
}

/**
 * BlockNote 0.51 looks each block up by id (getBlock) to draw it, and a lookup walks the document
 * from its start: mounting n blocks walks O(n²) nodes (a fifth of the mount of 2,000 blocks).
 * While the editor mounts, lookups are answered from a map of the document's blocks built in one
 * walk; the returned function puts BlockNote's own lookup back.
 */
function indexLookupsWhileMounting(editor: PageEditorInstance): () => void {
  const own = editor.getBlock;
  let index: { doc: ProseMirrorNode; nodes: Map<string, ProseMirrorNode> } | null = null;
  const indexed = (doc: ProseMirrorNode) => {
    if (index?.doc !== doc) {
      const nodes = new Map<string, ProseMirrorNode>();
      doc.descendants((node) => {
        const id: unknown = node.attrs['id'];
        if (typeof id === 'string' && node.type.isInGroup('bnBlock')) nodes.set(id, node);
        return true;
      });
      index = { doc, nodes };
    }
    return index.nodes;
  };
  editor.getBlock = ((identifier: Parameters<typeof own>[0]) => {
    const id = typeof identifier === 'string' ? identifier : identifier.id;
    try {
      const node = indexed(editor.prosemirrorState.doc).get(id);
      if (node) return nodeToBlock(node, editor.pmSchema);
    } catch {
      // inside a transaction, say: BlockNote's own lookup
    }
    return own.call(editor, identifier);
  }) as typeof own;
  return () => {
    delete (editor as { getBlock?: unknown }).getBlock;
  };
}

const indexedEditors = new WeakSet<object>();

function editorHandle(editor: PageEditorInstance): PageEditorHandle {
  return {
    focusAt: (target, typed) => {
      const view = editor.prosemirrorView;
      if (!view) return;
      const outer = view.dom.querySelector(
        `.bn-block-outer[data-id="${CSS.escape(target.blockId)}"]`,
      );
      const inline = outer?.querySelector('.bn-inline-content');
      const point = inline ? textPoint(inline, target.offset) : null;
      try {
        if (point) {
          const pos = view.posAtDOM(point.node, point.offset);
          view.dispatch(
            view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(pos))),
          );
        } else {
          editor.setTextCursorPosition(target.blockId, 'end');
        }
      } catch {
        // the block is gone or has no text: the editor is still focused, where it was
      }
      view.focus();
      replayTyped(view, typed);
    },
  };
}

const dictionaries = { zh_CN: zh, zh_TW: zhTW, en_US: en } as const;

// The contract keeps blocks as loose JSON; BlockNote's own block types are richer.
const toContract = (blocks: unknown): Block[] => blocks as Block[];

/** A block's file URL as the browser can load it: our files through a fresh signed URL. */
async function resolveFileUrl(url: string): Promise<string> {
  const fileId = fileIdOfBlockUrl(url);
  if (!fileId) return resolveImagePath(url) ?? url;
  try {
    const preview = await queryClient.fetchQuery(filePreviewUrlQueryOptions(fileId));
    return preview.url;
  } catch {
    // gone or no longer readable: the block shows it cannot load, like any broken link
    return url;
  }
}

/** The formatting toolbar's button that opens the AI panel on the selection. */
function AiToolbarButton({ label, onOpen }: { label: string; onOpen: () => void }) {
  const Components = useComponentsContext();
  if (!Components) return null;
  return (
    <Components.FormattingToolbar.Button
      className="bn-button ai-write-button"
      label={label}
      mainTooltip={label}
      secondaryTooltip={/Mac|iPhone|iPad/.test(navigator.platform) ? '⌘J' : 'Ctrl+J'}
      onClick={onOpen}
      icon={<RobotOutlined aria-hidden />}
    >
      AI
    </Components.FormattingToolbar.Button>
  );
}

/** Why the model's entries cannot run in this space now, or null when they can. */
function useModelUnavailable(spaceId: string): string | null {
  const { t } = useTranslation();
  const switchOn = useFeature('aiWrite');
  const ai = useQuery({ ...spaceAiQueryOptions(spaceId), enabled: !!spaceId }).data;
  if (!switchOn) return t('page.aiWrite.switchOff');
  if (!ai) return null; // unknown yet: the server decides
  if (!ai.enabled) return t('page.aiWrite.spaceAiOff');
  if (!ai.model.configured) return t('page.aiWrite.noModel');
  return null;
}

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
  collab,
  locale,
  theme,
  onChange,
  onReady,
  onCommentBlock,
  commentLabel,
}: PageEditorProps) {
  const { t } = useTranslation();
  const dictionary = dictionaries[locale];
  const { spaceId = '', pageId = '' } = useParams();
  const target = useRef({ spaceId, pageId });
  target.current = { spaceId, pageId };
  const editorRef = useRef<{ removeBlocks: (ids: string[]) => unknown } | null>(null);
  // without the provider's 'upload files' switch the editor offers no upload (links still work)
  const uploadOn = useFeature('uploadFile');
  // built again for another language or the switch, on the same live document
  const editor = useCreateBlockNote(
    {
      schema,
      dictionary,
      collaboration: {
        fragment: collab.fragment,
        provider: { awareness: collab.provider.awareness ?? undefined },
        user: collab.me,
        showCursorLabels: 'activity',
      },
      // images and files are stored by URL; root-relative paths follow the §7 image path rule
      resolveFileUrl,
      uploadFile: !uploadOn
        ? undefined
        : async (file: File, blockId?: string) => {
            const [added] = uploadQueue.add([file], {
              spaceId: target.current.spaceId,
              pageId: target.current.pageId || null,
            });
            if (!added) throw new Error('nothing to upload');
            try {
              const stored = await added.result;
              return fileBlockUrl(stored.fileId);
            } catch (error) {
              // cancelled or given up in the upload panel: the empty block it was meant for goes too
              if (error instanceof UploadCancelledError && blockId) {
                editorRef.current?.removeBlocks([blockId]);
              }
              throw error;
            }
          },
      tables: { headers: true, splitCells: true },
      // the block being typed in is never skipped by content-visibility (lib/editing-block.ts)
      extensions: [editingBlockExtension()],
    },
    [dictionary, uploadOn, collab],
  );
  editorRef.current = editor;
  const restoreLookups = useRef<(() => void) | null>(null);
  if (!indexedEditors.has(editor)) {
    indexedEditors.add(editor);
    restoreLookups.current = indexLookupsWhileMounting(editor);
  }

  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  // a layout effect: whoever swaps a stand-in for the editor does it before the next paint
  useLayoutEffect(() => {
    restoreLookups.current?.();
    restoreLookups.current = null;
    onReadyRef.current?.(() => toContract(editor.document), editorHandle(editor));
  }, [editor]);

  // ---- the AI panel ----
  const frameRef = useRef<HTMLDivElement>(null);
  // `opened` draws a new panel for each opening: nothing of an earlier one carries over
  const [aiTarget, setAiTarget] = useState<(AiWriteTarget & { opened: number }) | null>(null);
  const [aiTop, setAiTop] = useState(0);
  const modelUnavailable = useModelUnavailable(spaceId);
  const openAi = useCallback(() => {
    const selected = editor.getSelection()?.blocks ?? [editor.getTextCursorPosition().block];
    setAiTarget({
      selection: toContract(selected),
      page: () => toContract(editor.document),
      opened: Date.now(),
    });
  }, [editor]);
  const closeAi = useCallback(() => {
    setAiTarget(null);
    editor.focus();
  }, [editor]);
  // the panel stands under the last block it works on, wherever edits move that block
  const placeAi = useCallback(() => {
    const frame = frameRef.current;
    const last = aiTarget?.selection[aiTarget.selection.length - 1];
    if (!frame || !last) return;
    const block = frame.querySelector(`.bn-block-outer[data-id="${CSS.escape(last.id)}"]`);
    if (!block) return;
    setAiTop(block.getBoundingClientRect().bottom - frame.getBoundingClientRect().top + 4);
  }, [aiTarget]);
  useLayoutEffect(placeAi, [placeAi]);

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
    <div
      ref={frameRef}
      className="page-editor-frame"
      onKeyDownCapture={(event) => {
        const inPanel = (event.target as Element).closest('.ai-write-panel') !== null;
        if (
          !inPanel &&
          (event.ctrlKey || event.metaKey) &&
          !event.altKey &&
          event.key.toLowerCase() === 'j'
        ) {
          event.preventDefault();
          openAi();
        }
      }}
    >
      <BlockNoteView
        editor={editor}
        theme={theme}
        className="page-editor"
        sideMenu={!DragMenu}
        slashMenu={false}
        formattingToolbar={false}
        onChange={() => {
          onChange?.(() => toContract(editor.document));
          if (aiTarget) placeAi();
        }}
      >
        <FormattingToolbarController
          formattingToolbar={() => (
            <FormattingToolbar>
              {[
                <AiToolbarButton key="ai" label={t('page.aiWrite.title')} onOpen={openAi} />,
                ...getFormattingToolbarItems(),
              ]}
            </FormattingToolbar>
          )}
        />
        <SuggestionMenuController
          triggerCharacter="@"
          getItems={async (query) =>
            mentionMenuItems(
              editor,
              (await getSpacePeople(target.current.spaceId, query)).list,
              t('page.mentionFriend'),
            )
          }
        />
        <SuggestionMenuController
          triggerCharacter="/"
          getItems={async (query) =>
            pageSlashMenuItems(
              editor,
              {
                callout: { title: t('page.calloutTitle'), subtext: t('page.calloutSubtext') },
                ai: { title: t('page.aiWrite.title'), subtext: t('page.aiWrite.slashSubtext') },
              },
              query,
              openAi,
            )
          }
        />
        {DragMenu ? (
          <SideMenuController
            sideMenu={(props) => <SideMenu {...props} dragHandleMenu={DragMenu} />}
          />
        ) : null}
      </BlockNoteView>
      {aiTarget ? (
        <AiWritePanel
          key={aiTarget.opened}
          pageId={pageId}
          locale={locale}
          theme={theme}
          target={aiTarget}
          modelUnavailable={modelUnavailable}
          top={aiTop}
          changedSince={(blocks) =>
            blocks.some((block) => {
              const now = editor.getBlock(block.id);
              return now !== undefined && JSON.stringify(now) !== JSON.stringify(block);
            })
          }
          onAccept={(placement, blocks) => {
            applySuggestion(editor, placement, blocks);
            closeAi();
          }}
          onClose={closeAi}
        />
      ) : null}
      {spaceId && <PageUploads spaceId={spaceId} pageId={pageId} />}
    </div>
  );
}

function PageUploads({ spaceId, pageId }: { spaceId: string; pageId: string }) {
  const items = useUploads(spaceId, pageId);
  return (
    <Suspense fallback={null}>
      <UploadList items={items} spaceId={spaceId} compact />
    </Suspense>
  );
}

export default PageEditor;
