// The content tree's one menu (a menu per row made every row mount two dropdowns): opened at a
// row's '…' button, at the pointer (right click) or from the keyboard, with what may be done to
// that node.
import { Dropdown, type MenuProps } from 'antd';
import type { TreeNode } from '@library/contract';
import { useTranslation } from 'react-i18next';
import { useFeatureSwitches, isFeatureOn } from '../../../../hooks/use-feature';
import { openTransfer } from '../../../transfer';
import { nodeId } from '../../lib/space-tree';
import { useSpaceView } from '../space-context';

export interface MenuAt {
  node: TreeNode;
  x: number;
  y: number;
  /** opened from the keyboard: the menu takes focus and gives it back */
  fromKeyboard: boolean;
}

export function TreeNodeMenu({ menuAt, onClose }: { menuAt: MenuAt; onClose: () => void }) {
  const { t } = useTranslation();
  const { actions, spaceId, space } = useSpaceView();
  const canManage = space?.abilities.canManage ?? false;
  // admins, and editors when the space lets its editors share (else the server says 700009)
  const canShare = space?.abilities.canShare ?? false;
  const canEdit = space?.abilities.canEdit ?? false;
  const switches = useFeatureSwitches();

  const menuFor = (node: TreeNode): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    if (node.type === 'topic') {
      // what the provider switched off is not offered (spec §6)
      const creatable = [
        { key: 'new-topic', label: t('spaces.newTopic'), on: isFeatureOn(switches, 'createTopic') },
        { key: 'new-page', label: t('spaces.newPage'), on: isFeatureOn(switches, 'createPage') },
        {
          key: 'new-link',
          label: t('spaces.newLink'),
          on: isFeatureOn(switches, 'createExternalLink'),
        },
        {
          key: 'from-template',
          label: t('templates.fromTemplate'),
          on: isFeatureOn(switches, 'createPage') && actions.fromTemplate !== undefined,
        },
      ].filter((item) => item.on);
      if (creatable.length > 0) {
        items.push(...creatable.map(({ key, label }) => ({ key, label })), { type: 'divider' });
      }
    }
    if (node.type !== 'link') {
      items.push(
        ...(canShare ? [{ key: 'share', label: t('share.action') }] : []),
        ...(actions.saveAsTemplate
          ? [{ key: 'save-template', label: t('templates.saveAsTemplate') }]
          : []),
        ...(node.type === 'topic' && isFeatureOn(switches, 'createPage')
          ? [{ key: 'import', label: t('transfer.import') }]
          : []),
        { key: 'export', label: t('transfer.export') },
        ...(canEdit ? [{ key: 'convert-script', label: t('spaces.convert.action') }] : []),
        { type: 'divider' },
      );
    }
    if (node.type === 'topic' && canManage) {
      // the topic's visitor switch (space admins): hides the topic's subtree from visitors
      items.push({
        key: node.visitorsClosed ? 'open-to-visitors' : 'close-to-visitors',
        label: t(node.visitorsClosed ? 'spaces.openToVisitorsAgain' : 'spaces.closeToVisitors'),
      });
    }
    items.push(
      { key: 'rename', label: t('spaces.rename') },
      { key: 'delete', label: t('spaces.delete'), danger: true },
    );
    return items;
  };

  const handleMenu = (node: TreeNode, key: string) => {
    const id = nodeId(node);
    if (key === 'new-topic') actions.create('topic', id);
    else if (key === 'new-page') actions.create('page', id);
    else if (key === 'new-link') actions.create('link', id);
    else if (key === 'share') actions.share(node);
    else if (key === 'from-template') actions.fromTemplate?.(id);
    else if (key === 'save-template') actions.saveAsTemplate?.(node);
    else if (key === 'rename') actions.rename(node);
    else if (key === 'delete') actions.remove(node);
    else if (key === 'convert-script') actions.convertScript?.(node);
    else if (key === 'import' || key === 'export') {
      openTransfer({ mode: key, spaceId, nodeId: id, name: node.name });
    } else if (key === 'close-to-visitors') actions.setVisitorsClosed(id, true);
    else if (key === 'open-to-visitors') actions.setVisitorsClosed(id, false);
  };

  return (
    <Dropdown
      open
      autoFocus={menuAt.fromKeyboard}
      onOpenChange={(open) => !open && onClose()}
      menu={{
        items: menuFor(menuAt.node),
        onClick: ({ key }) => {
          onClose();
          handleMenu(menuAt.node, key);
        },
      }}
      trigger={['click']}
    >
      <span className="tree-menu-anchor" style={{ left: menuAt.x, top: menuAt.y }} />
    </Dropdown>
  );
}
