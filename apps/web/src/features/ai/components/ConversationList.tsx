// The conversation list (spec §4): 'new conversation' on top, then the conversations in the
// store's order (pinned first); each with pin/unpin, rename and delete.
import { useEffect, useState } from 'react';
import { Button, Dropdown, Empty, Input, Modal, Skeleton, Tooltip } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  MessageOutlined,
  MoreOutlined,
  PlusOutlined,
  PushpinFilled,
  PushpinOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@library/contract';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { useConversations } from '../hooks/use-conversation-store';
import type { Conversation } from '../lib/conversations';
import type { ConversationStore } from '../stores/conversation-store';

interface ConversationListProps {
  store: ConversationStore;
  /** a conversation was chosen (mobile opens its own route) */
  onOpen?: (id: string) => void;
  /** a new conversation was created */
  onCreated?: (id: string) => void;
}

export function ConversationList({ store, onOpen, onCreated }: ConversationListProps) {
  const { t } = useTranslation();
  const conversations = useConversations(store, (s) => s.conversations);
  const activeId = useConversations(store, (s) => s.activeId);
  const listStatus = useConversations(store, (s) => s.listStatus);
  const creating = useConversations(store, (s) => s.creating);
  const actions = store.getState();
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [modal, holder] = Modal.useModal();

  const handleCreate = async () => {
    const created = await actions.create();
    if (created) onCreated?.(created.id);
  };
  const handleOpen = (id: string) => {
    actions.select(id);
    onOpen?.(id);
  };
  const handleDelete = (conversation: Conversation) => {
    void modal.confirm({
      title: t('ai.delete'),
      content: t('ai.deleteConfirm', { name: conversation.title }),
      okText: t('ai.delete'),
      okButtonProps: { danger: true },
      onOk: () => actions.remove(conversation.id),
    });
  };

  return (
    <div className="ai-conversations">
      <div className="ai-conversations-header">
        <span className="ai-conversations-title">{t('ai.conversations')}</span>
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          loading={creating}
          onClick={() => void handleCreate()}
        >
          {t('ai.newConversation')}
        </Button>
      </div>
      {listStatus === 'loading' && conversations.length === 0 ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} className="ai-list-skeleton" />
      ) : conversations.length === 0 ? (
        <Empty
          className="ai-list-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{t('ai.noConversations')}</div>
              <div className="ai-list-empty-hint">{t('ai.noConversationsHint')}</div>
            </>
          }
        />
      ) : (
        <ul className="ai-conversation-list" aria-label={t('ai.conversations')}>
          {conversations.map((conversation) => (
            <li
              key={conversation.id}
              className={`ai-conversation${conversation.id === activeId ? ' is-active' : ''}`}
            >
              <button
                type="button"
                className="ai-conversation-open"
                aria-current={conversation.id === activeId ? 'true' : undefined}
                onClick={() => handleOpen(conversation.id)}
              >
                <MessageOutlined className="ai-conversation-icon" />
                <span className="ai-conversation-text">
                  <span className="ai-conversation-title">{conversation.title}</span>
                  <span className="ai-conversation-time">
                    {formatShortDate(conversation.createdAt, currentLocale())}
                  </span>
                </span>
                {conversation.isPinned ? (
                  <Tooltip title={t('ai.pinned')}>
                    <PushpinFilled className="ai-conversation-pin" aria-label={t('ai.pinned')} />
                  </Tooltip>
                ) : null}
              </button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'pin',
                      icon: conversation.isPinned ? <PushpinFilled /> : <PushpinOutlined />,
                      label: conversation.isPinned ? t('ai.unpin') : t('ai.pin'),
                    },
                    { key: 'rename', icon: <EditOutlined />, label: t('ai.rename') },
                    {
                      key: 'delete',
                      icon: <DeleteOutlined />,
                      label: t('ai.delete'),
                      danger: true,
                    },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'pin') void actions.togglePin(conversation.id);
                    else if (key === 'rename') setRenaming(conversation);
                    else handleDelete(conversation);
                  },
                }}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<MoreOutlined />}
                  className="ai-conversation-more"
                  aria-label={`${t('ai.conversationActions')}：${conversation.title}`}
                />
              </Dropdown>
            </li>
          ))}
        </ul>
      )}
      <RenameDialog
        conversation={renaming}
        onClose={() => setRenaming(null)}
        onRename={(id, name) => actions.rename(id, name)}
      />
      {holder}
    </div>
  );
}

function RenameDialog({
  conversation,
  onClose,
  onRename,
}: {
  conversation: Conversation | null;
  onClose: () => void;
  onRename: (id: string, name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState(false);
  // each opening starts from the conversation's title
  useEffect(() => {
    if (!conversation) return;
    setName(conversation.title);
    setError(false);
  }, [conversation]);
  const handleOk = async () => {
    if (!conversation) return;
    if (!name.trim()) {
      setError(true);
      return;
    }
    setSaving(true);
    const done = await onRename(conversation.id, name);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      open={conversation !== null}
      title={t('ai.renameTitle')}
      onCancel={onClose}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Input
        autoFocus
        value={name}
        maxLength={limits.conversationTitleMax}
        status={error ? 'error' : undefined}
        aria-label={t('ai.renameTitle')}
        onChange={(event) => {
          setName(event.target.value);
          setError(false);
        }}
        onPressEnter={() => void handleOk()}
      />
      {error ? <div className="ai-rename-error">{t('ai.nameRequired')}</div> : null}
    </Modal>
  );
}
