// One page inside the space layout (`/space/:spaceId/page/:pageId`, and the mobile route):
// icon and title, the toolbar (save state; share, export, versions, comments), and the blocks (PageContent) —
// the draft in the editor for editors, drawn at once and then handed to the editor as it loads;
// the published version drawn without the editor for readers. The page and its blocks are asked
// for together (and, when the app opens on the page, at start-up: api/page-prefetch.ts).
import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Skeleton, Tag } from 'antd';
import {
  CommentOutlined,
  ExportOutlined,
  HistoryOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  defaultLocale,
  isEmptyDraft,
  isLocale,
  type Block,
  type PageDetail,
  type PageVersion,
} from '@library/contract';
import { ApiError } from '../../../lib/api-client';
import { openTransfer } from '../../transfer';
import { useSessionStore } from '../../../stores/session-store';
import { ShareDialog } from '../../share';
import { PageStartScreen } from '../../templates';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { pageQueryKey, usePage } from '../api/get-page';
import { pageBlocksQueryKey, usePageBlocks } from '../api/get-page-blocks';
import { forgetEarly } from '../api/page-prefetch';
import { usePageComments } from '../api/get-page-comments';
import { recordPageVisit } from '../api/record-page-visit';
import { usePageSaver, useSaveState } from '../hooks/use-page-saver';
import type { PageSaver } from '../lib/page-saver';
import { highlightBlock } from '../lib/highlight-block';
import { loadPageEditor } from '../lib/load-page-editor';
import { CommentsDrawer } from './CommentsDrawer';
import { ConflictPanel } from './ConflictPanel';
import { PageContent } from './PageContent';
import { PageHeader } from './PageHeader';
import { PageToolbar, type PageAction } from './PageToolbar';
import { SaveStatus } from './SaveStatus';
import { StaticPage } from './StaticPage';
import { VersionsDrawer } from './VersionsDrawer';
import './page-screen.css';

/** The routed page (`:pageId`), or the one given (the phone's open space view names it). */
export function PageScreen({ pageId: given }: { pageId?: string }) {
  const { pageId: routed = '' } = useParams();
  const pageId = given ?? routed;
  // a fresh screen (editor, save state, drawers) for each page
  return <PageView key={pageId} pageId={pageId} />;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

function PageView({ pageId }: { pageId: string }) {
  const { t } = useTranslation();
  const page = usePage(pageId);
  // the blocks are asked for together with the page, not after it
  usePageBlocks(pageId, 0);

  const loggedIn = useSessionStore((state) => state.token !== null);
  useEffect(() => {
    // an anonymous visitor has no history
    if (loggedIn) recordPageVisit(pageId).catch(() => undefined);
    // what start-up fetched for this page has been taken; a later visit asks afresh
    forgetEarly(pageQueryKey(pageId));
    forgetEarly(pageBlocksQueryKey(pageId, 0));
  }, [pageId, loggedIn]);

  if (page.isLoading) {
    return (
      <div className="page-screen">
        <Skeleton active title paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (!page.data) {
    return (
      <div className="page-screen">
        <Result
          status={isNotFound(page.error) ? '404' : 'error'}
          title={isNotFound(page.error) ? t('page.notFound') : t('page.loadFailed')}
          extra={
            <Button onClick={() => void page.refetch()} type="primary">
              {t('page.reload')}
            </Button>
          }
        />
      </div>
    );
  }
  return <PageBody page={page.data} />;
}

/** The toolbar's save state: the only part of the screen a keystroke re-renders. */
function PageSaveStatus({ saver }: { saver: PageSaver }) {
  const state = useSaveState(saver);
  return <SaveStatus state={state} onRetry={() => void saver.saveNow()} />;
}

function useEditorLook() {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const theme = usePreferencesStore((state) => state.theme);
  return { locale, theme };
}

function PageBody({ page }: { page: PageDetail }) {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const { locale, theme } = useEditorLook();
  const pageId = page.pageId;
  const canEdit = page.abilities.canEdit;
  if (canEdit) void loadPageEditor();
  const draft = usePageBlocks(pageId, 0);
  const saver = usePageSaver(pageId, canEdit);
  const conflict = useSaveState(saver, (state) => state === 'conflict');
  const [editorKey, setEditorKey] = useState(0);
  const [loaded, setLoaded] = useState(false);
  /** raised each time the page's content is final on screen (the editor swapped in) */
  const [shown, setShown] = useState(0);
  const [viewing, setViewing] = useState<PageVersion | null>(null);
  const versionBlocks = usePageBlocks(pageId, viewing?.version ?? 0, viewing !== null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [anchorBlockId, setAnchorBlockId] = useState<string | null>(null);
  /** the start screen of an empty page was left: 'start writing', or something was typed */
  const [started, setStarted] = useState(false);
  const queryClient = useQueryClient();
  const comments = usePageComments(pageId, true);
  const bodyRef = useRef<HTMLDivElement>(null);
  const citedBlockId = useSearchParams()[0].get('block');

  // (Re)load the editor whenever the server sends the draft: first open, restore. Before the
  // browser paints: blocks that are already there are drawn in the first frame, no skeleton.
  const draftData = draft.data;
  useLayoutEffect(() => {
    if (!draftData) return;
    saver.load(draftData.blocks, draftData.revision ?? 0);
    setEditorKey((key) => key + 1);
    setLoaded(true);
  }, [draftData, saver]);

  // A reference of the AI chat names a block (`?block=`): once it is drawn (the static rendering,
  // and again once the editor has taken its place), jump to it and highlight it the way an
  // anchored comment does. A jump, not a smooth scroll: the swap to the editor keeps the place it
  // finds, and a smooth scroll under way then would stop half-way.
  useEffect(() => {
    if (!citedBlockId || !loaded) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      const found = highlightBlock(citedBlockId, bodyRef.current ?? document, 'instant');
      if (found || tries >= 100) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [citedBlockId, loaded, editorKey, shown]);

  const handleChange = useCallback(
    (read: () => Block[]) => {
      saver.edit(read);
      setStarted(true);
    },
    [saver],
  );
  const startWriting = () => {
    setStarted(true);
    bodyRef.current
      ?.querySelector<HTMLElement>('.page-editor-slot [contenteditable="true"]')
      ?.focus();
  };
  // a template filled the page: the editor reloads the draft, as after a restore
  const handleFilled = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['page', pageId] }),
    [queryClient, pageId],
  );
  const handleReady = useCallback((read: () => Block[]) => saver.rebase(read), [saver]);
  const handleShown = useCallback(() => setShown((count) => count + 1), []);
  const handleCommentBlock = useCallback((blockId: string) => {
    setAnchorBlockId(blockId);
    setCommentsOpen(true);
  }, []);
  const handleOpenBlock = (blockId: string) => {
    if (window.innerWidth < 768) setCommentsOpen(false);
    highlightBlock(blockId, bodyRef.current ?? document);
  };
  const shownBlocks = (): Block[] => {
    if (viewing) return versionBlocks.data?.blocks ?? [];
    return canEdit ? saver.document : (draft.data?.blocks ?? []);
  };

  // The document the editor starts from, read once per editor (re)build — another language, a
  // reloaded draft, back from viewing a version (what was typed is kept) — not on every render
  // of this screen: reading the saver's document converts the whole editor content.
  const contentKey = `${locale}-${editorKey}`;
  const draftBlocks = draft.data?.blocks;
  const contentBlocks = useMemo(
    () => (canEdit ? saver.document : (draftBlocks ?? [])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- contentKey, viewing: read again
    [canEdit, saver, draftBlocks, contentKey, viewing],
  );

  const commentCount = comments.data?.total ?? 0;
  // an editor's new page: the start screen under the editor until it is left or filled
  const starting =
    canEdit &&
    !viewing &&
    !started &&
    !conflict &&
    draftData !== undefined &&
    isEmptyDraft(draftData.blocks);
  const unpublished = !canEdit && isNotFound(draft.error);

  const actions: PageAction[] = [];
  if (page.abilities.canShare) {
    actions.push({
      key: 'share',
      label: t('share.action'),
      icon: <ShareAltOutlined />,
      className: 'page-share-button',
      onClick: () => setShareOpen(true),
    });
  }
  // an export is a transfer of a logged-in user's
  if (loggedIn) {
    actions.push({
      key: 'export',
      label: t('transfer.export'),
      icon: <ExportOutlined />,
      className: 'page-export-button',
      onClick: () =>
        openTransfer({ mode: 'export', spaceId: page.spaceId, nodeId: pageId, name: page.title }),
    });
  }
  actions.push(
    {
      key: 'versions',
      label: t('page.toolbar.versions'),
      icon: <HistoryOutlined />,
      className: 'page-versions-button',
      onClick: () => setVersionsOpen(true),
    },
    {
      key: 'comments',
      label: t('page.toolbar.comments'),
      icon: <CommentOutlined />,
      count: commentCount,
      className: 'page-comments-button',
      onClick: () => {
        setAnchorBlockId(null);
        setCommentsOpen(true);
      },
    },
  );

  let body: React.ReactNode;
  if (viewing) {
    body = (
      <>
        <Alert
          type="info"
          className="page-version-banner"
          title={t('page.versions.viewing', { name: viewing.name })}
          action={
            <Button size="small" onClick={() => setViewing(null)}>
              {t('page.versions.backToDraft')}
            </Button>
          }
        />
        {versionBlocks.data ? (
          <StaticPage
            key={`version-${viewing.version}`}
            blocks={versionBlocks.data.blocks}
            locale={locale}
            theme={theme}
            asEditor
          />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </>
    );
  } else if (unpublished) {
    body = (
      <Empty
        className="page-unpublished"
        description={
          <>
            <div className="page-unpublished-title">{t('page.unpublishedTitle')}</div>
            <div>{t('page.unpublishedHint')}</div>
          </>
        }
      />
    );
  } else if (draft.isError) {
    body = (
      <Result
        status="error"
        title={t('page.loadFailed')}
        extra={<Button onClick={() => void draft.refetch()}>{t('page.reload')}</Button>}
      />
    );
  } else if (!loaded) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else {
    body = (
      <>
        {conflict ? (
          <ConflictPanel
            pageId={pageId}
            mine={saver.document}
            locale={locale}
            theme={theme}
            onKeepMine={(server, revision) => void saver.keepMine(server, revision)}
            onTakeServer={(server, revision) => {
              saver.load(server, revision);
              setEditorKey((key) => key + 1);
            }}
          />
        ) : null}
        <PageContent
          key={canEdit ? 'editor' : 'reader'}
          blocks={contentBlocks}
          editable={canEdit}
          editorKey={contentKey}
          locale={locale}
          theme={theme}
          onChange={canEdit ? handleChange : undefined}
          onReady={canEdit ? handleReady : undefined}
          onShown={handleShown}
          onCommentBlock={page.abilities.canComment ? handleCommentBlock : undefined}
          commentLabel={t('page.comments.commentOnBlock')}
        />
        {starting ? (
          <PageStartScreen
            spaceId={page.spaceId}
            pageId={pageId}
            baseRevision={() => saver.baseRevision}
            onStartWriting={startWriting}
            onFilled={handleFilled}
          />
        ) : null}
      </>
    );
  }

  return (
    <div className="page-screen" data-page-id={pageId}>
      <PageToolbar
        status={
          canEdit && !viewing ? <PageSaveStatus saver={saver} /> : <Tag>{t('page.readOnly')}</Tag>
        }
        actions={actions}
      />
      <div className={`page-body${starting ? ' page-starting' : ''}`} ref={bodyRef}>
        <PageHeader page={page} editable={canEdit} />
        {body}
      </div>
      {shareOpen && (
        <Suspense fallback={null}>
          <ShareDialog
            target={{ type: 'page', id: pageId, name: page.title }}
            onClose={() => setShareOpen(false)}
          />
        </Suspense>
      )}
      <VersionsDrawer
        pageId={pageId}
        open={versionsOpen}
        canPublish={page.abilities.canPublish}
        locale={locale}
        onClose={() => setVersionsOpen(false)}
        beforePublish={() => (canEdit ? saver.saveNow() : Promise.resolve())}
        onOpenVersion={(version) => {
          setViewing(version);
          setVersionsOpen(false);
        }}
        onRestored={() => {
          setViewing(null);
          setVersionsOpen(false);
        }}
      />
      <CommentsDrawer
        pageId={pageId}
        open={commentsOpen}
        canComment={page.abilities.canComment}
        locale={locale}
        blocks={shownBlocks}
        anchorBlockId={anchorBlockId}
        onClose={() => setCommentsOpen(false)}
        onOpenBlock={handleOpenBlock}
      />
    </div>
  );
}
