import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Dropdown, Empty, Menu, Skeleton, Tooltip, Typography } from 'antd';
import { DownOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { spaceGroupName, useSpaceGroups } from '../../../lib/space-groups';
import { SpaceGroups } from './SpaceGroups';
import './space.css';
import { useCreateSpaceDialogStore } from '../stores/create-space-dialog-store';
import { useGroupPromptStore } from '../stores/group-prompt-store';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { useFeature } from '../../../hooks/use-feature';
import { SpaceIcon } from '../../../components/SpaceIcon';

// loads when first opened: its form, icon picker and group select are no part of the sidebar's
// first paint
const CreateSpaceDialog = lazy(() =>
  import('./CreateSpaceDialog').then((m) => ({ default: m.CreateSpaceDialog })),
);

interface SpaceListProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * "My spaces" in the sidebar: the space groups and their spaces. One state at a time: loading,
 * failed (with retry), no spaces yet (the card, without the empty first group), or the groups.
 */
export function SpaceList({ collapsed = false, onNavigate }: SpaceListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: groups, isError, refetch } = useSpaceGroups();
  const folded = usePreferencesStore((state) => state.layout.spacesFolded);
  const setLayout = usePreferencesStore((state) => state.setLayout);
  const showCreateSpace = useCreateSpaceDialogStore((state) => state.show);
  const createSpaceOpen = useCreateSpaceDialogStore((state) => state.open);
  // once shown it stays mounted, so it can animate closed
  const [createSpaceShown, setCreateSpaceShown] = useState(false);
  if (createSpaceOpen && !createSpaceShown) setCreateSpaceShown(true);
  const setGroupPrompt = useGroupPromptStore((state) => state.setPrompt);
  const canCreateSpace = useFeature('createSpace');

  const spaces = (groups ?? []).flatMap((group) => group.spaceList);
  const activeSpaceId = /^\/space(?:-mobile)?\/([^/]+)/.exec(pathname)?.[1];

  const header = collapsed ? null : (
    <div className="sidebar-section-header">
      <Typography.Text type="secondary" className="sidebar-section-title">
        {t('spaces.mySpaces')}
      </Typography.Text>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(canCreateSpace ? [{ key: 'space', label: t('spaces.createSpace') }] : []),
            { key: 'group', label: t('spaces.createGroup') },
          ],
          onClick: ({ key }) => {
            if (key === 'space') showCreateSpace();
            else setGroupPrompt({ kind: 'create' });
          },
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<PlusOutlined />}
          aria-label={canCreateSpace ? t('spaces.createSpace') : t('spaces.createGroup')}
        />
      </Dropdown>
      <Tooltip title={folded ? t('common.expand') : t('common.collapse')}>
        <Button
          type="text"
          size="small"
          icon={folded ? <RightOutlined /> : <DownOutlined />}
          aria-label={folded ? t('common.expand') : t('common.collapse')}
          aria-expanded={!folded}
          onClick={() => setLayout({ spacesFolded: !folded })}
        />
      </Tooltip>
    </div>
  );

  const dialog = createSpaceShown && (
    <Suspense fallback={null}>
      <CreateSpaceDialog onCreated={onNavigate} />
    </Suspense>
  );
  if (!collapsed && folded) {
    return (
      <section className="sidebar-section">
        {header}
        {dialog}
      </section>
    );
  }

  const activeId = activeSpaceId ? decodeURIComponent(activeSpaceId) : undefined;
  let body;
  if (!groups && isError) {
    body = collapsed ? null : (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        className="sidebar-empty"
        description={t('spaces.listFailed')}
      >
        <Button size="small" onClick={() => void refetch()}>
          {t('spaces.retry')}
        </Button>
      </Empty>
    );
  } else if (!groups) {
    body = collapsed ? null : (
      <Skeleton
        active
        paragraph={{ rows: 2 }}
        title={false}
        className="sidebar-skeleton"
        aria-busy="true"
      />
    );
  } else if (!collapsed && spaces.length === 0) {
    // The card is the one empty state; groups the user made besides the first still show. The
    // list is handed over empty otherwise, for the group dialogs it holds.
    body = (
      <>
        <NoSpacesCard>
          {canCreateSpace && (
            <Button size="small" type="primary" onClick={() => showCreateSpace()}>
              {t('spaces.createSpace')}
            </Button>
          )}
        </NoSpacesCard>
        <SpaceGroups
          groups={groups.length > 1 ? groups : []}
          activeSpaceId={activeId}
          onNavigate={onNavigate}
        />
      </>
    );
  } else if (!collapsed) {
    body = <SpaceGroups groups={groups} activeSpaceId={activeId} onNavigate={onNavigate} />;
  } else if (spaces.length === 0) {
    body = null;
  } else {
    body = (
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        className="sidebar-menu"
        selectedKeys={activeId ? [activeId] : []}
        aria-label={t('spaces.mySpaces')}
        items={groups
          .filter((group) => group.spaceList.length > 0)
          .map((group) => ({
            type: 'group' as const,
            key: `group-${group.groupId}`,
            label: spaceGroupName(group, t),
            children: group.spaceList.map((space) => ({
              key: space.spaceId,
              icon: <SpaceIcon space={space} />,
              label: space.name,
              title: space.description || space.name,
            })),
          }))}
        onClick={({ key }) => {
          navigate(paths.space.getHref(key));
          onNavigate?.();
        }}
      />
    );
  }

  return (
    <section className="sidebar-section" aria-label={t('spaces.mySpaces')}>
      {header}
      {body}
      {dialog}
    </section>
  );
}

/** The sidebar's 'no spaces yet' card, with an optional action. */
function NoSpacesCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      className="sidebar-empty"
      description={
        <span>
          <span className="sidebar-empty-title">{t('spaces.empty')}</span>
          <br />
          <Typography.Text type="secondary">{t('spaces.emptyHint')}</Typography.Text>
        </span>
      }
    >
      {children}
    </Empty>
  );
}
