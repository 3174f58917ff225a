// `/space-mobile/:spaceId`: the content tree as a tappable list (topics open in place, pages go
// to `/space-mobile/:spaceId/page/:pageId`, links open in a new browser tab), and the way to the
// AI chat (`/space-mobile/:spaceId/ai`), the file library, 'new from template', and import into
// and export of the topic on screen; back leads up a topic, and from the top to my spaces.
// No tabs on mobile. Anonymous visitors get the same list of an open space on
// /open-space/mobile?space=… (SpaceMobileView), without the chat and files.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Button, Dropdown, Empty, List, Result, Skeleton } from 'antd';
import {
  AppstoreAddOutlined,
  ExportOutlined,
  FolderOpenOutlined,
  ImportOutlined,
  MoreOutlined,
  RightOutlined,
  RobotOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TreeNode } from '@library/contract';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../stores/session-store';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { SpaceFilesDrawer } from '../../files';
import { TemplateGalleryDialog } from '../../templates';
import { openTransfer, TransferDialog } from '../../transfer';
import { useFeature } from '../../../hooks/use-feature';
import { spaceKeys } from '../api/space-keys';
import { useSpace } from '../api/get-space';
import { useSpaceTree } from '../api/get-space-tree';
import { recordSpaceVisit } from '../api/record-space-visit';
import { spaceMobileHrefs, type SpaceViewKind } from '../../../config/space-hrefs';
import { nodeId } from '../lib/space-tree';
import { rememberOpenedSpace } from '../stores/space-prefs-store';
import './space.css';
import { MobileHeader } from './MobileHeader';
import { NodeIcon } from './NodeIcon';
import { SpaceSettingsDialog } from './SpaceSettingsDialog';

export function SpaceMobileScreen() {
  const { spaceId = '' } = useParams();
  return (
    <SpaceMobileView
      key={spaceId}
      kind="space"
      spaceId={spaceId}
      back={paths.spaceMobileList.getHref()}
    />
  );
}

interface SpaceMobileViewProps {
  kind: SpaceViewKind;
  spaceId: string;
  /** where back goes from the space's top level */
  back: string;
  /** more buttons for the title bar (a visitor's login) */
  actions?: ReactNode;
}

export function SpaceMobileView({ kind, spaceId, back, actions }: SpaceMobileViewProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = useSessionStore((state) => state.token);
  const spaceQuery = useSpace(spaceId);
  const treeQuery = useSpaceTree(spaceId, spaceQuery.isSuccess);
  const [filesOpen, setFilesOpen] = useState(false);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const pageOn = useFeature('createPage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const member = spaceQuery.data !== undefined && spaceQuery.data.role !== 'visitor';
  useEffect(() => {
    if (member) rememberOpenedSpace(spaceId, token);
  }, [member, spaceId, token]);
  useEffect(() => {
    // an anonymous visitor has no history
    if (token !== null) void recordSpaceVisit(spaceId).catch(() => undefined);
  }, [spaceId, token]);

  if (spaceQuery.isError) {
    return (
      <div className="space-mobile">
        <MobileHeader
          back={back}
          backLabel={t('spaces.backToSpaces')}
          title={null}
          actions={actions}
        />
        <Result
          status="warning"
          title={t('spaces.loadFailed')}
          subTitle={t('spaces.loadFailedHint')}
        />
      </div>
    );
  }
  const space = spaceQuery.data;
  const tree = treeQuery.data;
  if (!space || !tree) return <Skeleton active paragraph={{ rows: 8 }} className="space-mobile" />;

  const topicParam = searchParams.get('topic');
  const topic = topicParam ? tree.byId.get(topicParam) : undefined;
  const nodes: TreeNode[] = topic?.node.type === 'topic' ? topic.node.children : tree.roots;
  const hrefs = spaceMobileHrefs(kind, spaceId);
  const parentHref = topic?.parentId ? hrefs.topic(topic.parentId) : hrefs.root;
  const transferTarget = {
    spaceId,
    nodeId: topic?.node.type === 'topic' ? topic.id : undefined,
    name: topic?.name ?? space.name,
  };

  const moreItems = [
    ...(space.abilities.canEdit && pageOn
      ? [
          { key: 'template', icon: <AppstoreAddOutlined />, label: t('templates.fromTemplate') },
          { key: 'import', icon: <ImportOutlined />, label: t('transfer.import') },
        ]
      : []),
    ...(token !== null
      ? [{ key: 'export', icon: <ExportOutlined />, label: t('transfer.export') }]
      : []),
    ...(space.abilities.canManage
      ? [{ key: 'settings', icon: <SettingOutlined />, label: t('spaces.settings') }]
      : []),
  ];
  const onMore = (key: string) => {
    if (key === 'template') setGalleryOpen(true);
    else if (key === 'import') openTransfer({ mode: 'import', ...transferTarget });
    else if (key === 'export') openTransfer({ mode: 'export', ...transferTarget });
    else if (key === 'settings') setSettingsOpen(true);
  };

  return (
    <div className="space-mobile">
      <MobileHeader
        back={topic ? parentHref : back}
        backLabel={t('spaces.backToSpaces')}
        icon={topic ? undefined : <SpaceIcon space={space} size={28} />}
        title={topic?.name ?? space.name}
        actions={
          // icons only: the space's name keeps the room on a 390 px screen
          <>
            {hrefs.ai && (
              <Link to={hrefs.ai} aria-label={t('spaces.aiChat')}>
                <Button type="text" icon={<RobotOutlined />} tabIndex={-1} />
              </Link>
            )}
            {/* the file library needs a login: downloads are signed for a user */}
            {token !== null && (
              <Button
                type="text"
                icon={<FolderOpenOutlined />}
                aria-label={t('files.openHint')}
                onClick={() => setFilesOpen(true)}
              />
            )}
            {kind === 'space' && moreItems.length > 0 && (
              // the less used ones in one menu: the space's name keeps its room
              <Dropdown
                trigger={['click']}
                menu={{ items: moreItems, onClick: ({ key }) => onMore(key) }}
              >
                <Button type="text" icon={<MoreOutlined />} aria-label={t('spaces.spaceActions')} />
              </Dropdown>
            )}
            {actions}
          </>
        }
      />
      {settingsOpen && (
        <SpaceSettingsDialog
          open={settingsOpen}
          space={space}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      <TransferDialog />
      <TemplateGalleryDialog
        open={galleryOpen}
        spaceId={spaceId}
        parentId={topic?.node.type === 'topic' ? topic.id : null}
        onClose={() => setGalleryOpen(false)}
        onCreated={(creation) => {
          void queryClient.invalidateQueries({ queryKey: spaceKeys.tree(spaceId) }).then(() => {
            if (creation.nodeId === null) return;
            navigate(
              creation.kind === 'page' ? hrefs.page(creation.nodeId) : hrefs.topic(creation.nodeId),
            );
          });
        }}
      />
      {filesOpen && (
        <Suspense fallback={null}>
          <SpaceFilesDrawer
            open={filesOpen}
            spaceId={spaceId}
            spaceName={space.name}
            canUpload={space.abilities.canEdit}
            onClose={() => setFilesOpen(false)}
          />
        </Suspense>
      )}
      {nodes.length === 0 ? (
        <Empty description={topic ? t('spaces.emptyTopic') : t('spaces.emptyTree')} />
      ) : (
        <List
          className="space-mobile-list"
          dataSource={nodes}
          rowKey={nodeId}
          renderItem={(node) => {
            const content = (
              <span className="space-mobile-item">
                <NodeIcon node={node} />
                <span className="space-mobile-name">{node.name}</span>
                {node.type === 'topic' && <RightOutlined className="space-mobile-chevron" />}
              </span>
            );
            return (
              <List.Item>
                {node.type === 'link' ? (
                  <a href={node.url} target="_blank" rel="noopener noreferrer">
                    {content}
                  </a>
                ) : node.type === 'page' ? (
                  <Link to={hrefs.page(node.pageId)}>{content}</Link>
                ) : (
                  <Link to={hrefs.topic(node.topicId)}>{content}</Link>
                )}
              </List.Item>
            );
          }}
        />
      )}
    </div>
  );
}
