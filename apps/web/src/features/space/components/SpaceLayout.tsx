// The space view (desktop): the content tree on the left, tabs and the routed content on the
// right. Loads the space info (failure: spec §8 'space info load failure') and the tree, records
// a history visit, and owns refresh (info, tree and the AI detail). Members and logged-in
// visitors see it at /space/…; anonymous visitors of an open space at /open-space/… . The top
// bar names the space, or the page in view; the AI chat tab shows while the space's AI is on.
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Dropdown,
  Layout,
  Result,
  Segmented,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  ApartmentOutlined,
  ExportOutlined,
  FolderOpenOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  RobotOutlined,
  SettingOutlined,
  ShareAltOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { aiKeys, spaceAiQueryOptions } from '../../ai';
import { SpaceFilesDrawer } from '../../files';
import { openTransfer, TransferDialog } from '../../transfer';
import { usePageHeading } from '../../../stores/page-heading-store';
import { useSessionStore } from '../../../stores/session-store';
import { isFeatureOn, useFeatureSwitches } from '../../../hooks/use-feature';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { useContextTabs, TabBar } from '../../tabs';
import { recordSpaceVisit } from '../api/record-space-visit';
import { spaceKeys } from '../api/space-keys';
import { useSpace } from '../api/get-space';
import { spaceTreeQueryOptions, useSpaceTree } from '../api/get-space-tree';
import { useNodeActions } from '../hooks/use-node-actions';
import { spaceHrefs, type SpaceViewKind } from '../../../config/space-hrefs';
import { pruneExpandedKeys } from '../lib/space-tree';
import {
  defaultViewMode,
  rememberOpenedSpace,
  useExpandedKeysStore,
  useViewModeStore,
  type SpaceViewMode,
} from '../stores/space-prefs-store';
import './space.css';
import { SpaceContext, useSpaceView, type SpaceViewContext } from './space-context';
import { SpaceSettingsDialog } from './SpaceSettingsDialog';
import { ShareDialog, type ShareTarget } from '../../share';
import { SpaceTree } from './SpaceTree';
import { VisitorBar } from './VisitorBar';

export function SpaceLayout() {
  const { spaceId = '' } = useParams();
  return <SpaceView key={spaceId} kind="space" spaceId={spaceId} />;
}

/** `/open-space/:spaceId`: the same view for visitors of a space open to them. */
export function OpenSpaceLayout() {
  const { spaceId = '' } = useParams();
  return <SpaceView key={spaceId} kind="open-space" spaceId={spaceId} />;
}

function SpaceView({ kind, spaceId }: { kind: SpaceViewKind; spaceId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const spaceQuery = useSpace(spaceId);
  const space = spaceQuery.data;
  const treeQuery = useSpaceTree(spaceId, spaceQuery.isSuccess);
  const tree = treeQuery.data;
  // the AI detail says whether the AI is on; the settings write a switch's answer into it
  const aiQuery = useQuery({ ...spaceAiQueryOptions(spaceId), enabled: spaceQuery.isSuccess });
  const aiEnabled = aiQuery.data?.enabled ?? (aiQuery.isError ? false : undefined);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [shareTarget, setShareTarget] = useState<ShareTarget | null>(null);
  const { pathname } = useLocation();

  const titles = useMemo(() => {
    const map = new Map<string, string>();
    for (const node of tree?.byId.values() ?? [])
      if (node.type === 'page') map.set(node.id, node.name);
    return map;
  }, [tree]);
  const hrefs = useMemo(() => spaceHrefs(kind, spaceId), [kind, spaceId]);
  const tabs = useContextTabs({ context: { kind, spaceId }, titles, aiEnabled });

  // The top bar names what is in view: the page, else the space (the AI chat keeps its label).
  const pageId = matchPath(`${hrefs.root}/page/:pageId`, pathname)?.params.pageId;
  const onAiChat = matchPath(hrefs.ai, pathname) !== null;
  const pageName = pageId
    ? (titles.get(pageId) ?? tabs.state.tabs.find((tab) => tab.id === pageId)?.title)
    : undefined;
  usePageHeading(onAiChat ? null : pageId ? pageName : space?.name);

  const member = space !== undefined && space.role !== 'visitor';
  useEffect(() => {
    // the last selected and login entry spaces are the user's own; history needs a login
    if (member) rememberOpenedSpace(spaceId, token);
  }, [member, spaceId, token]);
  useEffect(() => {
    if (token !== null) void recordSpaceVisit(spaceId).catch(() => undefined);
  }, [spaceId, token]);

  const {
    create,
    rename,
    remove,
    fromTemplate,
    saveAsTemplate,
    setVisitorsClosed,
    convertScript,
    elements,
  } = useNodeActions({
    spaceId,
    canManage: spaceQuery.data?.abilities.canManage ?? false,
    onNodesDeleted: tabs.removeNodes,
  });

  const refresh = useCallback(async () => {
    // Spec §4: info, tree and AI detail (an open chat starts over when the detail changed),
    // then prune expanded keys and the tabs of nodes that are gone.
    await queryClient.invalidateQueries({ queryKey: spaceKeys.detail(spaceId) });
    void queryClient.invalidateQueries({ queryKey: aiKeys.detail(spaceId) });
    void queryClient.invalidateQueries({ queryKey: spaceKeys.listView(spaceId) });
    const fresh = await queryClient.fetchQuery({ ...spaceTreeQueryOptions(spaceId), staleTime: 0 });
    const store = useExpandedKeysStore.getState();
    store.setExpandedKeys(spaceId, pruneExpandedKeys(store.bySpace[spaceId] ?? [], fresh.topicIds));
    tabs.prune(fresh.pageIds);
  }, [queryClient, spaceId, tabs]);

  // The tree just loaded (first time or after a change): keep only existing topics expanded.
  useEffect(() => {
    if (!tree) return;
    const store = useExpandedKeysStore.getState();
    const keys = store.bySpace[spaceId] ?? [];
    const pruned = pruneExpandedKeys(keys, tree.topicIds);
    if (pruned.length !== keys.length) store.setExpandedKeys(spaceId, pruned);
  }, [tree, spaceId]);

  const canEdit = space?.abilities.canEdit ?? false;
  const context: SpaceViewContext = {
    spaceId,
    kind,
    hrefs,
    space,
    tree,
    treeLoading: treeQuery.isPending,
    canEdit,
    actions: {
      create,
      rename,
      remove,
      setVisitorsClosed,
      refresh: () => void refresh(),
      openSettings: () => setSettingsOpen(true),
      share: (node) => {
        if (!node) {
          if (space) setShareTarget({ type: 'space', id: space.spaceId, name: space.name });
        } else if (node.type === 'topic') {
          setShareTarget({ type: 'topic', id: node.topicId, name: node.name });
        } else if (node.type === 'page') {
          setShareTarget({ type: 'page', id: node.pageId, name: node.name });
        }
      },
      fromTemplate,
      saveAsTemplate,
      convertScript,
    },
  };

  if (spaceQuery.isError && token === null) {
    return (
      <Layout className="visitor-frame">
        <VisitorBar />
        <Result status="404" title={t('spaces.notOpen')} />
      </Layout>
    );
  }
  if (spaceQuery.isError) {
    return (
      <Result
        status="warning"
        title={t('spaces.loadFailed')}
        subTitle={t('spaces.loadFailedHint')}
        extra={
          <Button type="primary" onClick={() => void spaceQuery.refetch()}>
            {t('spaces.retry')}
          </Button>
        }
      />
    );
  }

  const view = (
    <SpaceContext.Provider value={context}>
      <div className="space-view">
        <aside className="space-side" aria-label={t('spaces.contentTree')}>
          <SpaceHeader />
          <TransferDialog />
          {treeQuery.isPending || !space ? (
            <Skeleton
              active
              paragraph={{ rows: 6 }}
              title={false}
              className="space-tree-skeleton"
            />
          ) : (
            <SpaceTree />
          )}
        </aside>
        <section className="space-main">
          <TabBar
            state={tabs.state}
            aiEnabled={aiEnabled}
            onClose={tabs.close}
            onCloseAll={tabs.closeAll}
          />
          <div className="space-content">
            <Outlet />
          </div>
        </section>
      </div>
      {elements}
      {shareTarget && (
        <Suspense fallback={null}>
          <ShareDialog target={shareTarget} onClose={() => setShareTarget(null)} />
        </Suspense>
      )}
      {space && space.abilities.canManage && (
        <SpaceSettingsDialog
          open={settingsOpen}
          space={space}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </SpaceContext.Provider>
  );
  if (token !== null) return view;
  return (
    <Layout className="visitor-frame">
      <VisitorBar />
      {view}
    </Layout>
  );
}

function SpaceHeader() {
  const { t } = useTranslation();
  const { spaceId, space, canEdit, actions, hrefs } = useSpaceView();
  const switches = useFeatureSwitches();
  // the provider's switches (spec §6) take away what they turn off
  const newItems = [
    { key: 'page', label: t('spaces.newPage'), on: isFeatureOn(switches, 'createPage') },
    { key: 'topic', label: t('spaces.newTopic'), on: isFeatureOn(switches, 'createTopic') },
    { key: 'link', label: t('spaces.newLink'), on: isFeatureOn(switches, 'createExternalLink') },
    {
      key: 'template',
      label: t('templates.fromTemplate'),
      on: isFeatureOn(switches, 'createPage') && actions.fromTemplate !== undefined,
    },
  ].filter((item) => item.on);
  const mode = useViewModeStore((state) => state.bySpace[spaceId] ?? defaultViewMode);
  const setMode = useViewModeStore((state) => state.setViewMode);
  const [filesOpen, setFilesOpen] = useState(false);
  const navigate = useNavigate();
  // the file library needs a login: downloads are signed for a user
  const loggedIn = useSessionStore((state) => state.token !== null);
  return (
    <div className="space-side-header">
      <div className="space-title-row">
        {space ? (
          <Link to={hrefs.root} className="space-title" title={space.name}>
            <SpaceIcon space={space} size={24} />
            <Typography.Text strong ellipsis>
              {space.name}
            </Typography.Text>
          </Link>
        ) : (
          <Skeleton.Input active size="small" />
        )}
        {space?.role === 'visitor' && (
          <Tooltip title={t('spaces.visitorHint')}>
            <Tag className="space-visitor-tag" variant="filled" color="blue">
              {t('spaces.visitor')}
            </Tag>
          </Tooltip>
        )}
        <div className="space-title-actions">
          {loggedIn && (
            <HeaderButton
              label={t('files.openHint')}
              icon={<FolderOpenOutlined />}
              onClick={() => setFilesOpen(true)}
            />
          )}
          {filesOpen && space && (
            <Suspense fallback={null}>
              <SpaceFilesDrawer
                open={filesOpen}
                spaceId={spaceId}
                spaceName={space.name}
                canUpload={canEdit}
                onClose={() => setFilesOpen(false)}
              />
            </Suspense>
          )}
          {/* a link (new tab on Ctrl/Cmd-click) drawn as the other header buttons, one element
              with one name — it used to be a link around an unnamed button */}
          <Tooltip title={t('spaces.aiChat')}>
            <Button
              type="text"
              size="small"
              icon={<RobotOutlined />}
              href={hrefs.ai}
              aria-label={t('spaces.aiChat')}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                navigate(hrefs.ai);
              }}
            />
          </Tooltip>
          {/* the less used ones in one menu, so the space's name has room */}
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(space?.abilities.canShare
                  ? [{ key: 'share', icon: <ShareAltOutlined />, label: t('share.action') }]
                  : []),
                ...(space && loggedIn
                  ? [{ key: 'export', icon: <ExportOutlined />, label: t('transfer.exportSpace') }]
                  : []),
                { key: 'refresh', icon: <ReloadOutlined />, label: t('spaces.refresh') },
                ...(space?.abilities.canManage
                  ? [{ key: 'settings', icon: <SettingOutlined />, label: t('spaces.settings') }]
                  : []),
              ],
              onClick: ({ key }) => {
                if (key === 'share') actions.share(null);
                else if (key === 'export' && space) {
                  openTransfer({ mode: 'export', spaceId, name: space.name });
                } else if (key === 'refresh') actions.refresh();
                else if (key === 'settings') actions.openSettings();
              },
            }}
          >
            <Tooltip title={t('spaces.spaceActions')}>
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined />}
                aria-label={t('spaces.spaceActions')}
              />
            </Tooltip>
          </Dropdown>
        </div>
      </div>
      <div className="space-toolbar">
        <Segmented<SpaceViewMode>
          size="small"
          aria-label={t('spaces.viewMode')}
          value={mode}
          onChange={(value) => setMode(spaceId, value)}
          options={[
            { value: 'tree', icon: <ApartmentOutlined />, label: t('spaces.viewTree') },
            { value: 'list', icon: <UnorderedListOutlined />, label: t('spaces.viewList') },
          ]}
        />
        {canEdit && newItems.length > 0 && (
          <Dropdown
            menu={{
              items: [
                ...newItems.map(({ key, label }) => ({ key, label })),
                ...(newItems.some((item) => item.key === 'page')
                  ? [
                      { type: 'divider' as const },
                      { key: 'import', label: t('transfer.importSpace') },
                    ]
                  : []),
              ],
              onClick: ({ key }) => {
                if (key === 'import') {
                  openTransfer({ mode: 'import', spaceId, name: space?.name ?? '' });
                } else if (key === 'template') actions.fromTemplate?.(null);
                else actions.create(key as 'page' | 'topic' | 'link', null);
              },
            }}
          >
            <Button
              size="small"
              type="primary"
              icon={<PlusOutlined />}
              aria-label={t('spaces.newItem')}
            >
              {t('spaces.newItem')}
            </Button>
          </Dropdown>
        )}
      </div>
    </div>
  );
}

/** An icon button of the space header, its label as tooltip and accessible name. */
function HeaderButton(props: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={props.label}>
      <Button
        type="text"
        size="small"
        icon={props.icon}
        aria-label={props.label}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}
