// /sys/ai '模型配置' (system administrators): the OpenAI-compatible model providers — list, add,
// edit, delete, and 'test connection' with the form's values. The API key is write-only: the
// server never sends it back, so editing shows whether one is stored and an empty field keeps it.
// The add/edit dialog is AiProviderDialog.tsx; below, AI writing's use per person
// (AiWriteUsageTable.tsx).
import { useState } from 'react';
import { Button, Empty, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AiProvider } from '@library/contract';
import { toast } from '../../../components/toast';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { deleteAiProvider } from '../api/delete-ai-provider';
import { aiProvidersQueryKey, useAiProviders } from '../api/get-ai-providers';
import type { Editing } from '../lib/provider-form';
import { AiProviderDialog } from './AiProviderDialog';
import { AiWriteUsageTable } from './AiWriteUsageTable';
import './ai-providers.css';

export function AiProvidersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useAiProviders();
  const [editing, setEditing] = useState<Editing>(null);
  const [modal, holder] = Modal.useModal();
  const reload = () => queryClient.invalidateQueries({ queryKey: aiProvidersQueryKey });

  const handleDelete = (provider: AiProvider) => {
    void modal.confirm({
      title: t('ai.providers.delete'),
      content: t('ai.providers.deleteConfirm', { name: provider.name }),
      okText: t('ai.providers.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteAiProvider(provider.id);
          toast.success(t('ai.providers.deleted'));
          await reload();
        } catch {
          // shown by the API client
        }
      },
    });
  };

  return (
    <div className="ai-providers">
      <div className="ai-providers-header">
        <div>
          <Typography.Title level={4} className="ai-providers-title">
            {t('ai.providers.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('ai.providers.intro')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ mode: 'create' })}
        >
          {t('ai.providers.add')}
        </Button>
      </div>
      <Table<AiProvider>
        rowKey="id"
        loading={providers.isPending}
        dataSource={providers.data ?? []}
        pagination={false}
        tableLayout="auto"
        locale={{
          emptyText: (
            <Empty
              description={
                <>
                  <div>{t('ai.providers.empty')}</div>
                  <Typography.Text type="secondary">{t('ai.providers.emptyHint')}</Typography.Text>
                </>
              }
            />
          ),
        }}
        columns={[
          {
            key: 'name',
            title: t('ai.providers.name'),
            className: 'ai-providers-name',
            render: (_, provider) => (
              <Space size={6}>
                <Typography.Text strong>{provider.name}</Typography.Text>
                {provider.isDefault ? <Tag color="green">{t('ai.providers.default')}</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'baseUrl',
            title: t('ai.providers.baseUrl'),
            responsive: ['md'],
            render: (_, provider) => (
              <Typography.Text
                className="ai-providers-url"
                ellipsis={{ tooltip: provider.baseUrl }}
              >
                {provider.baseUrl}
              </Typography.Text>
            ),
          },
          { key: 'chat', title: t('ai.providers.chatModel'), dataIndex: 'chatModel' },
          {
            key: 'embedding',
            title: t('ai.providers.embeddingModel'),
            responsive: ['lg'],
            render: (_, provider) =>
              provider.embeddingModel
                ? `${provider.embeddingModel} (${provider.embeddingDimension ?? '?'})`
                : '—',
          },
          {
            key: 'rerank',
            title: t('ai.providers.rerankModel'),
            responsive: ['xl'],
            render: (_, provider) => provider.rerankModel ?? '—',
          },
          {
            key: 'key',
            title: t('ai.providers.apiKey'),
            responsive: ['md'],
            render: (_, provider) =>
              provider.hasApiKey ? (
                <Tag color="blue">{t('ai.providers.apiKeySet')}</Tag>
              ) : (
                <Tag>{t('ai.providers.apiKeyNone')}</Tag>
              ),
          },
          {
            key: 'createdAt',
            title: t('ai.providers.createdAt'),
            responsive: ['xl'],
            render: (_, provider) => formatShortDate(provider.createdAt, currentLocale()),
          },
          {
            key: 'actions',
            title: t('ai.providers.actions'),
            render: (_, provider) => (
              <Space size={0}>
                <Tooltip title={t('ai.providers.edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('ai.providers.edit')}：${provider.name}`}
                    onClick={() => setEditing({ mode: 'edit', provider })}
                  />
                </Tooltip>
                <Tooltip title={t('ai.providers.delete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('ai.providers.delete')}：${provider.name}`}
                    onClick={() => handleDelete(provider)}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <AiProviderDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <AiWriteUsageTable />
      {holder}
    </div>
  );
}
