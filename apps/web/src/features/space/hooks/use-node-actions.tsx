// Create, rename and delete for tree nodes: the dialogs, the calls, the cache updates, the
// 'undo' toast after a delete (restores from the recycle bin) and the tabs of deleted nodes.
import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TreeNode } from '@library/contract';
import { usePermission } from '../../../components/Permission';
import { toast } from '../../../components/toast';
import { sysAdminRoles } from '../../../config/sys-roles';
import { paths } from '../../../config/paths';
import { createLink, createPage, createTopic } from '../api/create-node';
import { deleteNode } from '../api/delete-node';
import { renameNode } from '../api/rename-node';
import { restoreRecycleItem } from '../api/restore-recycle-item';
import { setTopicVisitors } from '../api/set-topic-visitors';
import { spaceKeys } from '../api/space-keys';
import { nodeId } from '../lib/space-tree';
import { useExpandedKeysStore } from '../stores/space-prefs-store';
import {
  SaveTemplateDialog,
  TemplateGalleryDialog,
  type SaveTemplateTarget,
} from '../../templates';
import { NodeDialog, type NodeDialogState } from '../components/NodeDialog';
import { ConvertScriptDialog, type ConvertScriptTarget } from '../components/ConvertScriptDialog';
import type { NewNodeType } from '../components/space-context';

interface NodeActionsOptions {
  spaceId: string;
  /** the caller administers the space (keeps its templates) */
  canManage: boolean;
  /** tabs of these node ids are closed (spec §4) */
  onNodesDeleted: (ids: string[]) => void;
}

export function useNodeActions({ spaceId, canManage, onNodesDeleted }: NodeActionsOptions): {
  create: (type: NewNodeType, parentId: string | null) => void;
  rename: (node: TreeNode) => void;
  remove: (node: TreeNode) => void;
  fromTemplate: (parentId: string | null) => void;
  /** undefined when the caller keeps no templates (neither the space's nor the system's) */
  saveAsTemplate: ((node: TreeNode) => void) | undefined;
  setVisitorsClosed: (topicId: string, visitorsClosed: boolean) => void;
  /** 简/繁 of a page or a topic's subtree (ConvertScriptDialog) */
  convertScript: (node: TreeNode) => void;
  elements: ReactNode;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const [galleryParent, setGalleryParent] = useState<string | null | undefined>(undefined);
  const [saving, setSaving] = useState<SaveTemplateTarget | null>(null);
  const [converting, setConverting] = useState<ConvertScriptTarget | null>(null);
  const sysAdmin = usePermission(sysAdminRoles);

  const reloadTree = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: spaceKeys.tree(spaceId) }),
      queryClient.invalidateQueries({ queryKey: spaceKeys.listView(spaceId) }),
    ]);

  const expand = (topicId: string | null) => {
    if (topicId === null) return;
    const store = useExpandedKeysStore.getState();
    const keys = store.bySpace[spaceId] ?? [];
    if (!keys.includes(topicId)) store.setExpandedKeys(spaceId, [...keys, topicId]);
  };

  const handleSubmit = async ({ name, url }: { name: string; url?: string }) => {
    if (!dialog) return;
    if (dialog.mode === 'create') {
      const parentId = dialog.targetId;
      if (dialog.type === 'topic') {
        await createTopic(spaceId, name, parentId);
      } else if (dialog.type === 'page') {
        const page = await createPage(spaceId, name, parentId);
        expand(parentId);
        await reloadTree();
        setDialog(null);
        navigate(paths.spacePage.getHref(spaceId, page.pageId));
        return;
      } else {
        await createLink(spaceId, name, url ?? '', parentId);
      }
      expand(parentId);
    } else if (dialog.targetId !== null) {
      await renameNode(dialog.type, dialog.targetId, name, url);
    }
    await reloadTree();
    setDialog(null);
  };

  const remove = (node: TreeNode) => {
    void modal.confirm({
      title: t('spaces.confirmDelete'),
      content: node.name,
      okText: t('spaces.delete'),
      okButtonProps: { danger: true },
      cancelText: t('spaces.cancel'),
      onOk: async () => {
        const result = await deleteNode(node.type, nodeId(node));
        onNodesDeleted(result.deletedIds);
        await reloadTree();
        toast.success(t('spaces.deleted'), {
          duration: 6000,
          action: {
            label: t('spaces.undo'),
            onClick: () => {
              void restoreRecycleItem(result.recycleItemId).then(async () => {
                await reloadTree();
                toast.success(t('spaces.restored'));
              });
            },
          },
        });
      },
    });
  };

  const setVisitorsClosed = (topicId: string, visitorsClosed: boolean) => {
    void setTopicVisitors(topicId, visitorsClosed).then(async () => {
      await reloadTree();
      toast.success(t(visitorsClosed ? 'spaces.topicClosed' : 'spaces.topicOpened'));
    });
  };

  return {
    setVisitorsClosed,
    convertScript: (node) => {
      if (node.type === 'link') return;
      setConverting({ type: node.type, id: nodeId(node), name: node.name });
    },
    create: (type, parentId) => setDialog({ mode: 'create', type, targetId: parentId }),
    rename: (node) =>
      setDialog({
        mode: 'rename',
        type: node.type,
        targetId: nodeId(node),
        name: node.name,
        url: node.type === 'link' ? node.url : undefined,
      }),
    remove,
    fromTemplate: (parentId) => setGalleryParent(parentId),
    saveAsTemplate:
      canManage || sysAdmin
        ? (node) =>
            setSaving({
              nodeId: nodeId(node),
              name: node.name,
              avatar: node.type === 'page' ? node.avatar : null,
            })
        : undefined,
    elements: (
      <>
        {modalHolder}
        <NodeDialog state={dialog} onCancel={() => setDialog(null)} onSubmit={handleSubmit} />
        <TemplateGalleryDialog
          open={galleryParent !== undefined}
          spaceId={spaceId}
          parentId={galleryParent ?? null}
          onClose={() => setGalleryParent(undefined)}
          onCreated={(creation) => {
            expand(galleryParent ?? null);
            void reloadTree().then(() => {
              if (creation.nodeId === null) return;
              navigate(
                creation.kind === 'page'
                  ? paths.spacePage.getHref(spaceId, creation.nodeId)
                  : `${paths.space.getHref(spaceId)}?topic=${encodeURIComponent(creation.nodeId)}`,
              );
            });
          }}
        />
        <ConvertScriptDialog
          target={converting}
          onClose={() => setConverting(null)}
          onConverted={({ type, id }) => {
            void reloadTree();
            // the page (converted or its copy) is opened so the result shows; a topic shows in the tree
            if (type === 'page') navigate(paths.spacePage.getHref(spaceId, id));
            else void queryClient.invalidateQueries({ queryKey: spaceKeys.all });
          }}
        />
        <SaveTemplateDialog
          target={saving}
          canSpace={canManage}
          canSystem={sysAdmin}
          onClose={() => setSaving(null)}
        />
      </>
    ),
  };
}
