// The page's blocks. They are drawn the moment they arrive, without the editor (StaticPage); for
// someone who may edit, the editor then loads and mounts out of sight and, once the live document
// has come in (from the server, or the copy kept on this device), takes the static rendering's
// place before the next paint, at the same scroll position. Until then the static
// rendering is read only: a click in it is remembered and puts the cursor there once the editor
// is in, and the characters, Enter and Backspace typed meanwhile follow, played as if typed in the
// editor, its Markdown shortcuts included (IME input needs the editor and waits for it).
// Readers keep the static rendering: it draws every block the editor does, without loading it.
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import type { Block, Locale } from '@library/contract';
import { caretTargetAt, type CaretTarget } from '../lib/caret-target';
import type { PageCollab } from '../lib/page-collab';
import { loadPageEditor } from '../lib/load-page-editor';
import { captureScrollAnchor, holdScrollAnchor, type ScrollAnchor } from '../lib/scroll-anchor';
import { LazyPageEditor } from './LazyPageEditor';
import type { PageEditorHandle } from './PageEditor';
import { StaticPage } from './StaticPage';

export interface PageContentProps {
  /** drawn at once, and for readers for good */
  blocks: Block[];
  /** an editor's live document (null while its connection is being made; always for readers) */
  collab: PageCollab | null;
  /** the live document has something to show: the editor may take the static rendering's place */
  live: boolean;
  editable: boolean;
  locale: Locale;
  theme: 'light' | 'dark';
  onChange?: (read: () => Block[]) => void;
  /** a reader of the editor's blocks, once it is mounted */
  onReady?: (read: () => Block[]) => void;
  /** what is on screen is final: the static rendering for readers, the editor once swapped in */
  onShown?: () => void;
  onCommentBlock?: (blockId: string) => void;
  commentLabel?: string;
}

export const PageContent = memo(function PageContent(props: PageContentProps) {
  const { blocks, editable, locale, theme, onShown } = props;
  useEffect(() => {
    if (!editable) onShown?.();
  }, [editable, onShown]);
  if (!editable) return <StaticPage blocks={blocks} locale={locale} theme={theme} asEditor />;
  return <EditablePageContent {...props} />;
});

interface Swap {
  anchor: ScrollAnchor | null;
  target: CaretTarget | null;
  typed: string;
  editor: PageEditorHandle;
}

function EditablePageContent({
  blocks,
  collab,
  live,
  locale,
  theme,
  onChange,
  onReady,
  onShown,
  onCommentBlock,
  commentLabel,
}: PageContentProps) {
  /** the mounted editor, waiting for the live document */
  const [mounted, setMounted] = useState<PageEditorHandle | null>(null);
  /** the editor has taken the static rendering's place */
  const [ready, setReady] = useState(false);
  const staticRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  /** a click in the static rendering, and what was typed after it */
  const pending = useRef<{ target: CaretTarget; typed: string } | null>(null);
  const swap = useRef<Swap | null>(null);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    void loadPageEditor();
  }, []);

  // the editor is mounted (again, after a language switch): it takes over once the document is in
  const handleReady = useCallback((read: () => Block[], editor: PageEditorHandle) => {
    onReadyRef.current?.(read);
    setMounted(editor);
  }, []);

  // the swap, while the static rendering is still there to take the scroll place from
  useLayoutEffect(() => {
    if (ready || !mounted || !live) return;
    swap.current = {
      anchor: captureScrollAnchor(staticRef.current),
      target: pending.current?.target ?? null,
      typed: pending.current?.typed ?? '',
      editor: mounted,
    };
    pending.current = null;
    setReady(true);
  }, [ready, mounted, live]);

  // right after the swap, before the browser paints it
  useLayoutEffect(() => {
    const done = swap.current;
    if (!ready || !done) return;
    swap.current = null;
    if (done.target) done.editor.focusAt(done.target, done.typed);
    const stopHolding = holdScrollAnchor(done.anchor, slotRef.current);
    onShown?.();
    return stopHolding;
  }, [ready, onShown]);

  // while the editor is on its way: the keys typed after a click in the static rendering (Enter
  // as "\n"; Backspace takes back what was typed meanwhile)
  useEffect(() => {
    if (ready) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      const waiting = pending.current;
      if (!waiting || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        waiting.typed += '\n';
      } else if (event.key === 'Backspace' && waiting.typed) {
        event.preventDefault();
        waiting.typed = Array.from(waiting.typed).slice(0, -1).join('');
      } else if (event.key.length === 1) {
        event.preventDefault();
        waiting.typed += event.key;
      }
    };
    const handleFocusIn = (event: FocusEvent) => {
      // the user went on elsewhere (the title, a drawer): the click no longer counts; focus on
      // a box around the page (a focusable pane the click landed in) is no going elsewhere
      const target = event.target as Node;
      const root = staticRef.current;
      if (root && !root.contains(target) && !target.contains(root)) pending.current = null;
    };
    window.addEventListener('keydown', handleKeyDown, true);
    document.addEventListener('focusin', handleFocusIn);
    return () => {
      window.removeEventListener('keydown', handleKeyDown, true);
      document.removeEventListener('focusin', handleFocusIn);
    };
  }, [ready]);

  const handleMouseDown = (event: ReactMouseEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = caretTargetAt(event.currentTarget, event.clientX, event.clientY);
    pending.current = target ? { target, typed: '' } : null;
  };

  return (
    <>
      {ready ? null : (
        <StaticPage
          ref={staticRef}
          blocks={blocks}
          locale={locale}
          theme={theme}
          className="page-static-pending"
          pendingEditor
          onMouseDown={handleMouseDown}
        />
      )}
      <div ref={slotRef} className="page-editor-slot" hidden={!ready}>
        {collab ? (
          <LazyPageEditor
            collab={collab}
            locale={locale}
            theme={theme}
            onChange={onChange}
            onReady={handleReady}
            onCommentBlock={onCommentBlock}
            commentLabel={commentLabel}
          />
        ) : null}
      </div>
    </>
  );
}
