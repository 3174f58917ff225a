import type { ReactNode } from 'react';
import { Button, Dropdown, Empty, Menu, Skeleton, Tooltip, Typography } from 'antd';
import { DownOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useSpaceGroups } from '../../../lib/space-groups';
import { CreateSpaceDialog } from './CreateSpaceDialog';
import { SpaceGroups } from './SpaceGroups';
import './space.css';
import { useCreateSpaceDialogStore } from '../stores/create-space-dialog-store';
import { useGroupPromptStore } from '../stores/group-prompt-store';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { SpaceIcon } from '../../../components/SpaceIcon';

interface SpaceListProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** "My spaces" in the sidebar: the space groups and their spaces. */
export function SpaceList({ collapsed = false, onNavigate }: SpaceListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: groups, isPending, isError } = useSpaceGroups();
  const folded = usePreferencesStore((state) => state.layout.spacesFolded);
  const setLayout = usePreferencesStore((state) => state.setLayout);
  const showCreateSpace = useCreateSpaceDialogStore((state) => state.show);
  const setGroupPrompt = useGroupPromptStore((state) => state.setPrompt);

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
            { key: 'space', label: t('spaces.createSpace') },
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
          aria-label={t('spaces.createSpace')}
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

  const dialog = <CreateSpaceDialog onCreated={onNavigate} />;
  if (!collapsed && folded) {
    return (
      <section className="sidebar-section">
        {header}
        {dialog}
      </section>
    );
  }

  let body;
  if (isPending && !groups) {
    body = collapsed ? null : (
      <Skeleton active paragraph={{ rows: 2 }} title={false} className="sidebar-skeleton" />
    );
  } else if (!collapsed && groups && !isError) {
    body = (
      <>
        {spaces.length === 0 && (
          <NoSpacesCard>
            <Button size="small" type="primary" onClick={() => showCreateSpace()}>
              {t('spaces.createSpace')}
            </Button>
          </NoSpacesCard>
        )}
        <SpaceGroups
          groups={groups}
          activeSpaceId={activeSpaceId ? decodeURIComponent(activeSpaceId) : undefined}
          onNavigate={onNavigate}
        />
      </>
    );
  } else if (isError || spaces.length === 0) {
    body = collapsed ? null : <NoSpacesCard />;
  } else {
    body = (
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        className="sidebar-menu"
        selectedKeys={activeSpaceId ? [decodeURIComponent(activeSpaceId)] : []}
        aria-label={t('spaces.mySpaces')}
        items={(groups ?? [])
          .filter((group) => group.spaceList.length > 0)
          .map((group) => ({
            type: 'group' as const,
            key: `group-${group.groupId}`,
            label: group.groupName,
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
