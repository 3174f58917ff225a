// One page inside the space layout (`/space/:spaceId/page/:pageId`, and the mobile route):
// icon and title, the people editing it, the toolbar (where the changes stand; share, export,
// versions, comments), and the blocks (PageContent) — for editors the live document, edited
// together (hooks/use-page-collab.ts), its draft drawn at once and handed to the editor as it
// loads; the published version drawn without the editor for readers, who open no socket. The
// page and its blocks are asked for together (and, when the app opens on the page, at start-up:
// api/page-prefetch.ts).
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Skeleton, Tag } from 'antd';
import {
  BellFilled,
  BellOutlined,
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
import { toast } from '../../../components/toast';
import { ShareDialog } from '../../share';
import { PageStartScreen } from '../../templates';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { pageQueryKey, usePage } from '../api/get-page';
import { pageBlocksQueryKey, usePageBlocks } from '../api/get-page-blocks';
import { forgetEarly } from '../api/page-prefetch';
import { usePageComments } from '../api/get-page-comments';
import { usePageWatch } from '../api/get-page-watch';
import { useUpdatePageWatch } from '../api/update-page-watch';
import { recordPageVisit } from '../api/record-page-visit';
import { useCollabPeople, useCollabState, usePageCollab } from '../hooks/use-page-collab';
import { collabReady } from '../lib/collab-status';
import type { PageCollab } from '../lib/page-collab';
import { highlightBlock } from '../lib/highlight-block';
import { loadPageEditor } from '../lib/load-page-editor';
import { CollabStatus } from './CollabStatus';
import { CommentsDrawer } from './CommentsDrawer';
import { PageContent } from './PageContent';
import { PageHeader } from './PageHeader';
import { PagePeople } from './PagePeople';
import { PageToolbar, type PageAction } from './PageToolbar';
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

/** Where the changes stand: the only part of the screen a keystroke re-renders. */
function PageCollabStatus({ collab }: { collab: PageCollab | null }) {
  return <CollabStatus state={useCollabState(collab)} />;
}

function PageCollabPeople({ collab }: { collab: PageCollab | null }) {
  return <PagePeople people={useCollabPeople(collab)} />;
}

/**
 * An editor's keys and leaving: Ctrl/Cmd+S is no browser "save as" (everything saves by itself),
 * and closing the tab with changes the server has not confirmed asks first (they are kept on this
 * device, but nobody else sees them until the page is opened here again).
 */
function useEditorKeys(collab: PageCollab | null) {
  useEffect(() => {
    if (!collab) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
      }
    };
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      if (collab.state.unsynced === 0 || collab.state.refused) return;
      event.preventDefault();
      // older browsers want returnValue set
      event.returnValue = '';
    };
    window.addEventListener('keydown', handleKeyDown);
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      window.removeEventListener('beforeunload', handleBeforeUnload);
    };
  }, [collab]);
}

const noBlocks: Block[] = [];

/** how long publishing waits for this editor's changes to reach the server */
const publishWaitMs = 5000;

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
  const collab = usePageCollab(pageId, canEdit);
  const live = useCollabState(
    collab,
    (state, open) => open !== null && collabReady(state, open.fragment.length > 0),
  );
  const refused = useCollabState(collab, (state) => state.refused);
  useEditorKeys(collab);
  /** the editor's blocks once it is in (for the comments drawer's anchors) */
  const readEditor = useRef<(() => Block[]) | null>(null);
  /** raised each time the page's content is final on screen (the editor swapped in) */
  const [shown, setShown] = useState(0);
  const [viewing, setViewing] = useState<PageVersion | null>(null);
  const versionBlocks = usePageBlocks(pageId, viewing?.version ?? 0, viewing !== null);
  const [searchParams] = useSearchParams();
  // `?versions=open`: the home page's "versions" of a page changed since one's visit
  const [versionsOpen, setVersionsOpen] = useState(() => searchParams.get('versions') === 'open');
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [anchorBlockId, setAnchorBlockId] = useState<string | null>(null);
  /** the start screen of an empty page was left: 'start writing', or something was typed */
  const [started, setStarted] = useState(false);
  const queryClient = useQueryClient();
  const comments = usePageComments(pageId, true);
  const bodyRef = useRef<HTMLDivElement>(null);
  const citedBlockId = searchParams.get('block');
  /** a notification about a comment opens the page at it, with the comments drawer open */
  const citedCommentId = searchParams.get('comment');
  const watching = usePageWatch(pageId, loggedIn);
  const updateWatching = useUpdatePageWatch(pageId);

  const draftData = draft.data;
  const loaded = draftData !== undefined;

  // the server refused the live document (access lost, the page gone): what the page now is for
  // this user is asked again, and the screen follows (the reader's view, or not found)
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: pageQueryKey(pageId) });
  }, [refused, queryClient, pageId]);

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
  }, [citedBlockId, loaded, shown]);

  useEffect(() => {
    if (!citedCommentId) return;
    setAnchorBlockId(null);
    setCommentsOpen(true);
  }, [citedCommentId]);

  // the start screen goes once the page has something in it, typed here or by someone else
  const handleChange = useCallback((read: () => Block[]) => {
    readEditor.current = read;
    setStarted((was) => was || !isEmptyDraft(read()));
  }, []);
  const handleReady = useCallback((read: () => Block[]) => {
    readEditor.current = read;
    setStarted((was) => was || !isEmptyDraft(read()));
  }, []);
  const startWriting = () => {
    setStarted(true);
    bodyRef.current
      ?.querySelector<HTMLElement>('.page-editor-slot [contenteditable="true"]')
      ?.focus();
  };
  // a template filled the page: the live document already shows it; the rest of the page follows
  const handleFilled = useCallback(() => {
    setStarted(true);
    void queryClient.invalidateQueries({ queryKey: ['page', pageId] });
  }, [queryClient, pageId]);
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
    return readEditor.current?.() ?? draftData?.blocks ?? [];
  };

  const commentCount = comments.data?.total ?? 0;
  // an editor's new page: the start screen under the editor until it is left or filled
  const starting =
    canEdit && !viewing && !started && draftData !== undefined && isEmptyDraft(draftData.blocks);
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

  // hearing of the page's new comments and versions (docs/api.md 'Notifications and watching');
  // drawn from the start, off until the answer comes, so the row is not laid out again then (a
  // press meanwhile asks to watch, which is what the button says)
  if (loggedIn) {
    const on = watching.data?.watching ?? false;
    actions.push({
      key: 'watch',
      label: on ? t('page.toolbar.unwatch') : t('page.toolbar.watch'),
      icon: on ? <BellFilled /> : <BellOutlined />,
      iconOnly: true,
      pressed: on,
      className: 'page-watch-button',
      onClick: () => {
        if (updateWatching.isPending) return;
        updateWatching.mutate(!on, {
          onSuccess: (state) => state.watching && toast.success(t('page.toolbar.watching')),
        });
      },
    });
  }

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
        <PageContent
          key={canEdit ? 'editor' : 'reader'}
          blocks={draftData?.blocks ?? noBlocks}
          collab={collab}
          live={live}
          editable={canEdit}
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
            baseRevision={() => draftData?.revision ?? 0}
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
          canEdit && !viewing ? (
            <PageCollabStatus collab={collab} />
          ) : (
            <Tag>{t('page.readOnly')}</Tag>
          )
        }
        actions={actions}
      />
      <div className={`page-body${starting ? ' page-starting' : ''}`} ref={bodyRef}>
        <PageHeader
          page={page}
          editable={canEdit}
          people={canEdit ? <PageCollabPeople collab={collab} /> : null}
        />
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
        beforePublish={async () => {
          if (collab) await collab.whenSaved(publishWaitMs);
        }}
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
        spaceId={page.spaceId}
        pageId={pageId}
        open={commentsOpen}
        canComment={page.abilities.canComment}
        locale={locale}
        blocks={shownBlocks}
        anchorBlockId={anchorBlockId}
        focusCommentId={citedCommentId}
        onClose={() => setCommentsOpen(false)}
        onOpenBlock={handleOpenBlock}
      />
    </div>
  );
}
