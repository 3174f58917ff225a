// 'My space' in the sidebar: space groups (expanded keys persisted) with their spaces; create,
// rename, delete and reorder groups, move a space to another group, and create a space.
import { lazy, Suspense, useState } from 'react';
import { Button, Dropdown, Menu, Tooltip, Typography, type MenuProps } from 'antd';
import { DownOutlined, MoreOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SpaceGroup } from '@library/contract';
import { paths } from '../../../config/paths';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { useConfirmOnDemand } from '../../../hooks/use-confirm-on-demand';
import { createSpaceGroup } from '../api/create-space-group';
import { deleteSpaceGroup } from '../api/delete-space-group';
import { spaceGroupName, spaceGroupsQueryKey } from '../../../lib/space-groups';
import { orderSpaceGroups } from '../api/order-space-groups';
import { placeSpace } from '../api/place-space';
import { renameSpaceGroup } from '../api/rename-space-group';
import { useGroupPromptStore } from '../stores/group-prompt-store';
import { useGroupExpandedStore, useLastSelectedSpaceStore } from '../stores/space-prefs-store';

// loads when first opened: its form is no part of the sidebar's first paint
const NamePromptDialog = lazy(() =>
  import('./NamePromptDialog').then((m) => ({ default: m.NamePromptDialog })),
);

interface SpaceGroupsProps {
  groups: SpaceGroup[];
  activeSpaceId: string | undefined;
  onNavigate?: () => void;
}

/** Moves one item of a list up or down by one place. */
export function moveInList<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

export function SpaceGroups({ groups, activeSpaceId, onNavigate }: SpaceGroupsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const expanded = useGroupExpandedStore((state) => state.expandedGroupIds);
  const setExpanded = useGroupExpandedStore((state) => state.setExpandedGroupIds);
  const setLastSelected = useLastSelectedSpaceStore((state) => state.setSpaceId);
  const prompt = useGroupPromptStore((state) => state.prompt);
  const setPrompt = useGroupPromptStore((state) => state.setPrompt);
  // once shown it stays mounted, so it can animate closed
  const [promptShown, setPromptShown] = useState(false);
  if (prompt !== null && !promptShown) setPromptShown(true);
  const [confirm, modalHolder] = useConfirmOnDemand();

  const isExpanded = (groupId: string) => expanded === null || expanded.includes(groupId);
  const toggle = (groupId: string) => {
    const current = expanded ?? groups.map((group) => group.groupId);
    setExpanded(
      current.includes(groupId) ? current.filter((id) => id !== groupId) : [...current, groupId],
    );
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: spaceGroupsQueryKey });
  const run = (call: Promise<unknown>) => void call.then(reload).catch(() => undefined);

  const groupMenu = (group: SpaceGroup, index: number): MenuProps => ({
    items: [
      { key: 'rename', label: t('spaces.renameGroup') },
      { key: 'up', label: t('spaces.moveUp'), disabled: index === 0 },
      { key: 'down', label: t('spaces.moveDown'), disabled: index === groups.length - 1 },
      { type: 'divider' },
      { key: 'delete', label: t('spaces.deleteGroup'), danger: true, disabled: groups.length < 2 },
    ],
    onClick: ({ key }) => {
      const ids = groups.map((candidate) => candidate.groupId);
      if (key === 'rename') setPrompt({ kind: 'rename', group });
      else if (key === 'up') run(orderSpaceGroups(moveInList(ids, index, -1)));
      else if (key === 'down') run(orderSpaceGroups(moveInList(ids, index, 1)));
      else if (key === 'delete') {
        confirm({
          title: t('spaces.deleteGroup'),
          content: t('spaces.deleteGroupConfirm', { name: spaceGroupName(group, t) }),
          okText: t('spaces.delete'),
          okButtonProps: { danger: true },
          cancelText: t('spaces.cancel'),
          onOk: () => deleteSpaceGroup(group.groupId).then(reload),
        });
      }
    },
  });

  const spaceMenu = (spaceId: string, groupId: string): MenuProps => ({
    items: [
      {
        key: 'move',
        label: t('spaces.moveToGroup'),
        children: groups
          .filter((group) => group.groupId !== groupId)
          .map((group) => ({ key: group.groupId, label: spaceGroupName(group, t) })),
        disabled: groups.length < 2,
      },
    ],
    onClick: ({ key }) => run(placeSpace(spaceId, key)),
  });

  return (
    <div className="space-groups">
      {modalHolder}
      {groups.map((group, index) => {
        const open = isExpanded(group.groupId);
        const name = spaceGroupName(group, t);
        return (
          <div key={group.groupId} className="space-group">
            <div className="space-group-header">
              <button
                type="button"
                className="space-group-toggle"
                aria-expanded={open}
                onClick={() => toggle(group.groupId)}
              >
                {open ? <DownOutlined /> : <RightOutlined />}
                <Typography.Text type="secondary" ellipsis>
                  {name}
                </Typography.Text>
              </button>
              <Dropdown menu={groupMenu(group, index)} trigger={['click']}>
                <Button
                  type="text"
                  size="small"
                  className="space-group-more"
                  icon={<MoreOutlined />}
                  aria-label={`${t('spaces.groupActions')} ${name}`}
                />
              </Dropdown>
            </div>
            {open && group.spaceList.length > 0 && (
              <Menu
                mode="inline"
                className="sidebar-menu"
                selectedKeys={activeSpaceId ? [activeSpaceId] : []}
                items={group.spaceList.map((space) => ({
                  key: space.spaceId,
                  icon: <SpaceIcon space={space} />,
                  title: space.description || space.name,
                  label: (
                    <span className="space-menu-label">
                      <span className="space-menu-name">{space.name}</span>
                      <Dropdown menu={spaceMenu(space.spaceId, group.groupId)} trigger={['click']}>
                        <Tooltip title={t('spaces.spaceActions')}>
                          <Button
                            type="text"
                            size="small"
                            className="space-menu-more"
                            icon={<MoreOutlined />}
                            aria-label={`${t('spaces.spaceActions')} ${space.name}`}
                            onClick={(event) => event.stopPropagation()}
                          />
                        </Tooltip>
                      </Dropdown>
                    </span>
                  ),
                }))}
                onClick={({ key }) => {
                  setLastSelected(key);
                  navigate(paths.space.getHref(key));
                  onNavigate?.();
                }}
              />
            )}
          </div>
        );
      })}
      {promptShown && (
        <Suspense fallback={null}>
          <NamePromptDialog
            open={prompt !== null}
            title={prompt?.kind === 'rename' ? t('spaces.renameGroup') : t('spaces.createGroup')}
            label={t('spaces.groupName')}
            initialName={prompt?.kind === 'rename' ? spaceGroupName(prompt.group, t) : ''}
            onCancel={() => setPrompt(null)}
            onSubmit={async (name) => {
              // an unchanged name stays as it was: the default group keeps following the language
              if (prompt?.kind === 'rename') {
                if (name !== spaceGroupName(prompt.group, t)) {
                  await renameSpaceGroup(prompt.group.groupId, name);
                }
              } else await createSpaceGroup(name);
              await reload();
              setPrompt(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
