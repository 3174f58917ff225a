// Managing my friend groups: create, rename, order (move up / down, by keyboard as well as by
// pointer) and delete — a deleted group's friends go back to the default group, and the toast
// offers to undo (the group made again with its friends and its place).
import { useState } from 'react';
import { Button, Form, Input, Modal, Result, Skeleton, Space, Tag, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits, type FriendGroup } from '@library/contract';
import { toast } from '../../../components/toast';
import { useQueryClient } from '@tanstack/react-query';
import { createFriendGroup, useCreateFriendGroup } from '../api/create-friend-group';
import { useDeleteFriendGroup } from '../api/delete-friend-group';
import { useFriendGroups } from '../api/get-friend-groups';
import { orderFriendGroups, useOrderFriendGroups } from '../api/order-friend-groups';
import { useRenameFriendGroup } from '../api/rename-friend-group';
import { updateFriend } from '../api/update-friend';
import { refreshFriends } from '../api/keys';
import { friendGroupName } from '../lib/friend-groups';

/** How long the 'group deleted' toast offers to undo. */
export const undoToastMs = 8000;

export function FriendGroupsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('addrbook.groups.manage')}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
      width={480}
      className="addrbook-groups-dialog"
    >
      <FriendGroupsEditor />
    </Modal>
  );
}

function FriendGroupsEditor() {
  const { t } = useTranslation();
  const groups = useFriendGroups();
  const create = useCreateFriendGroup();
  const order = useOrderFriendGroups();
  const [form] = Form.useForm<{ name: string }>();
  const [modal, modalHolder] = Modal.useModal();

  if (groups.isError && !groups.data) {
    return (
      <Result
        status="warning"
        title={t('addrbook.friends.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void groups.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!groups.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const list = groups.data;

  const handleMove = (index: number, offset: -1 | 1) => {
    const target = index + offset;
    if (target < 0 || target >= list.length) return;
    const ids = list.map((group) => group.groupId);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    order.mutate(ids);
  };

  const handleCreate = async ({ name }: { name: string }) => {
    await create.mutateAsync(name.trim());
    toast.success(t('addrbook.groups.created', { name: name.trim() }));
    form.resetFields();
  };

  return (
    <div className="addrbook-groups-editor">
      <ol className="addrbook-groups-list" aria-label={t('addrbook.groups.listLabel')}>
        {list.map((group, index) => (
          <GroupRow
            key={group.groupId}
            group={group}
            groups={list}
            index={index}
            onMove={handleMove}
            confirm={modal.confirm}
          />
        ))}
      </ol>
      <Form
        form={form}
        onFinish={(values) => void handleCreate(values).catch(() => undefined)}
        requiredMark={false}
        name="friend-group-create"
      >
        <Form.Item>
          <Space.Compact block>
            <Form.Item
              name="name"
              noStyle
              rules={[
                { required: true, whitespace: true, message: t('addrbook.groups.nameRequired') },
                { max: limits.nicknameMax, message: t('addrbook.groups.nameTooLong') },
              ]}
            >
              <Input
                placeholder={t('addrbook.groups.newPlaceholder')}
                aria-label={t('addrbook.groups.newPlaceholder')}
                maxLength={limits.nicknameMax}
              />
            </Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />} loading={create.isPending}>
              {t('addrbook.groups.create')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {modalHolder}
    </div>
  );
}

interface GroupRowProps {
  group: FriendGroup;
  groups: FriendGroup[];
  index: number;
  onMove: (index: number, offset: -1 | 1) => void;
  confirm: ReturnType<typeof Modal.useModal>[0]['confirm'];
}

function GroupRow({ group, groups, index, onMove, confirm }: GroupRowProps) {
  const { t } = useTranslation();
  const rename = useRenameFriendGroup();
  const remove = useDeleteFriendGroup();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(group.groupName);
  const label = friendGroupName(group, t);
  const trimmed = name.trim();

  const handleRename = async () => {
    if (!trimmed || trimmed === group.groupName) {
      setEditing(false);
      return;
    }
    try {
      await rename.mutateAsync({ groupId: group.groupId, name: trimmed });
      setEditing(false);
    } catch {
      // shown by the API client; the field stays open to try again
    }
  };

  /**
   * Makes the group again with its friends, in its old place. Plain calls, not this row's
   * mutations: the row is gone once the group is deleted.
   */
  const restore = async () => {
    try {
      const { groupId } = await createFriendGroup(group.groupName);
      for (const friend of group.friendList) {
        await updateFriend(friend.userId, { groupId });
      }
      await orderFriendGroups(
        groups.map((candidate) =>
          candidate.groupId === group.groupId ? groupId : candidate.groupId,
        ),
      );
      toast.success(t('addrbook.groups.restored', { name: group.groupName }));
    } finally {
      await refreshFriends(queryClient);
    }
  };

  const handleDelete = () => {
    void confirm({
      title: t('addrbook.groups.deleteTitle', { name: label }),
      content:
        group.friendList.length > 0
          ? t('addrbook.groups.deleteText', {
              count: group.friendList.length,
              defaultGroup: t('addrbook.groups.defaultName'),
            })
          : t('addrbook.groups.deleteEmptyText'),
      okText: t('addrbook.groups.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(group.groupId);
        toast.success(t('addrbook.groups.deleted', { name: label }), {
          duration: undoToastMs,
          action: {
            label: t('addrbook.common.undo'),
            // a failure was already shown by the API client
            onClick: () => void restore().catch(() => undefined),
          },
        });
      },
    });
  };

  return (
    <li className="addrbook-groups-row">
      {editing ? (
        <Input
          autoFocus
          size="small"
          value={name}
          maxLength={limits.nicknameMax}
          aria-label={t('addrbook.groups.renameLabel', { name: label })}
          onChange={(event) => setName(event.target.value)}
          onPressEnter={() => void handleRename()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setName(group.groupName);
              setEditing(false);
            }
          }}
          className="addrbook-groups-rename"
        />
      ) : (
        <span className="addrbook-groups-name">
          {label}
          {group.isDefault && (
            <Tag className="addrbook-groups-default">{t('addrbook.groups.default')}</Tag>
          )}
        </span>
      )}
      <span className="addrbook-groups-count">
        {t('addrbook.groups.friendCount', { count: group.friendList.length })}
      </span>
      <span className="addrbook-groups-actions">
        {editing ? (
          <>
            <Tooltip title={t('common.save')}>
              <Button
                type="text"
                size="small"
                icon={<CheckOutlined />}
                aria-label={t('common.save')}
                loading={rename.isPending}
                onClick={() => void handleRename()}
              />
            </Tooltip>
            <Tooltip title={t('common.cancel')}>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('common.cancel')}
                onClick={() => {
                  setName(group.groupName);
                  setEditing(false);
                }}
              />
            </Tooltip>
          </>
        ) : (
          <>
            <Tooltip title={t('addrbook.groups.moveUp')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('addrbook.groups.moveUpLabel', { name: label })}
                disabled={index === 0}
                onClick={() => onMove(index, -1)}
              />
            </Tooltip>
            <Tooltip title={t('addrbook.groups.moveDown')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('addrbook.groups.moveDownLabel', { name: label })}
                disabled={index === groups.length - 1}
                onClick={() => onMove(index, 1)}
              />
            </Tooltip>
            {group.isDefault ? (
              <>
                <span aria-hidden />
                <span aria-hidden />
              </>
            ) : (
              <>
                <Tooltip title={t('addrbook.groups.rename')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('addrbook.groups.renameLabel', { name: label })}
                    onClick={() => {
                      setName(group.groupName);
                      setEditing(true);
                    }}
                  />
                </Tooltip>
                <Tooltip title={t('addrbook.groups.delete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('addrbook.groups.deleteLabel', { name: label })}
                    onClick={handleDelete}
                  />
                </Tooltip>
              </>
            )}
          </>
        )}
      </span>
    </li>
  );
}
