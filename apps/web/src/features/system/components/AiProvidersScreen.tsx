// /sys/ai '模型配置' (system administrators): the OpenAI-compatible model providers — list, add,
// edit, delete, and 'test connection' with the form's values. The API key is write-only: the
// server never sends it back, so editing shows whether one is stored and an empty field keeps it.
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { ApiOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AiProvider, AiProviderInput, AiProviderTestResult } from '@library/contract';
import { toast } from '../../../components/toast';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { createAiProvider } from '../api/create-ai-provider';
import { deleteAiProvider } from '../api/delete-ai-provider';
import { aiProvidersQueryKey, useAiProviders } from '../api/get-ai-providers';
import { testAiProvider } from '../api/test-ai-provider';
import { updateAiProvider } from '../api/update-ai-provider';
import './ai-providers.css';

interface ProviderFormValues {
  name: string;
  baseUrl: string;
  apiKey: string;
  chatModel: string;
  embeddingModel: string;
  embeddingDimension: number | null;
  rerankModel: string;
  isDefault: boolean;
}

/** The form as the API's input: blank optional fields are null, a blank key is left out. */
function providerInput(values: ProviderFormValues): AiProviderInput {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  const embeddingModel = optional(values.embeddingModel);
  return {
    name: values.name.trim(),
    baseUrl: values.baseUrl.trim(),
    ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
    chatModel: values.chatModel.trim(),
    embeddingModel,
    embeddingDimension: embeddingModel ? values.embeddingDimension : null,
    rerankModel: optional(values.rerankModel),
    isDefault: values.isDefault,
  };
}

type Editing = { mode: 'create' } | { mode: 'edit'; provider: AiProvider } | null;

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
      <ProviderDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      {holder}
    </div>
  );
}

function initialValues(editing: Editing): ProviderFormValues {
  const provider = editing?.mode === 'edit' ? editing.provider : null;
  return {
    name: provider?.name ?? '',
    baseUrl: provider?.baseUrl ?? '',
    apiKey: '',
    chatModel: provider?.chatModel ?? '',
    embeddingModel: provider?.embeddingModel ?? '',
    embeddingDimension: provider?.embeddingDimension ?? null,
    rerankModel: provider?.rerankModel ?? '',
    isDefault: provider?.isDefault ?? false,
  };
}

function ProviderDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderFormValues>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<AiProviderTestResult | null>(null);
  const provider = editing?.mode === 'edit' ? editing.provider : null;
  const required = { required: true, whitespace: true, message: t('ai.providers.required') };

  // Each opening starts from the provider's values (the key field empty) and no test result.
  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(initialValues(editing));
    setResult(null);
  }, [editing, form]);

  const handleSave = async (values: ProviderFormValues) => {
    setSaving(true);
    try {
      const input = providerInput(values);
      if (provider) await updateAiProvider(provider.id, input);
      else await createAiProvider(input);
      toast.success(t('ai.providers.saved'));
      onSaved();
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };
  const handleTest = async () => {
    let values: ProviderFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setTesting(true);
    setResult(null);
    try {
      const input = providerInput(values);
      setResult(await testAiProvider(provider ? { ...input, id: provider.id } : input));
    } catch {
      // shown by the API client
    } finally {
      setTesting(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={provider ? t('ai.providers.edit') : t('ai.providers.add')}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      footer={[
        <Button
          key="test"
          icon={<ApiOutlined />}
          loading={testing}
          onClick={() => void handleTest()}
        >
          {t('ai.providers.test')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('ai.providers.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => form.submit()}>
          {t('ai.providers.save')}
        </Button>,
      ]}
    >
      <Form<ProviderFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(editing)}
        onFinish={(values) => void handleSave(values)}
        className="ai-provider-form"
      >
        <Form.Item name="name" label={t('ai.providers.name')} rules={[required]}>
          <Input maxLength={255} placeholder="DeepSeek" />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t('ai.providers.baseUrl')}
          rules={[
            required,
            { pattern: /^https?:\/\/\S+$/i, message: t('ai.providers.baseUrlInvalid') },
          ]}
        >
          <Input maxLength={512} placeholder={t('ai.providers.baseUrlHint')} />
        </Form.Item>
        <Form.Item name="apiKey" label={t('ai.providers.apiKey')}>
          <Input.Password
            maxLength={1024}
            autoComplete="new-password"
            placeholder={provider?.hasApiKey ? t('ai.providers.apiKeyKeep') : 'sk-…'}
          />
        </Form.Item>
        <Form.Item name="chatModel" label={t('ai.providers.chatModel')} rules={[required]}>
          <Input maxLength={128} placeholder="deepseek-chat" />
        </Form.Item>
        <Space.Compact block className="ai-provider-embedding">
          <Form.Item
            name="embeddingModel"
            label={`${t('ai.providers.embeddingModel')}（${t('ai.providers.optional')}）`}
            className="ai-provider-grow"
          >
            <Input maxLength={128} placeholder="text-embedding-v3" />
          </Form.Item>
          <Form.Item
            name="embeddingDimension"
            label={t('ai.providers.embeddingDimension')}
            dependencies={['embeddingModel']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: number | null) =>
                  String(getFieldValue('embeddingModel') ?? '').trim() && !value
                    ? Promise.reject(new Error(t('ai.providers.dimensionWithModel')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <InputNumber min={1} max={4096} precision={0} placeholder="1024" />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="rerankModel"
          label={`${t('ai.providers.rerankModel')}（${t('ai.providers.optional')}）`}
        >
          <Input maxLength={128} placeholder="gte-rerank" />
        </Form.Item>
        <Form.Item name="isDefault" label={t('ai.providers.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {result ? (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          title={
            result.ok
              ? t('ai.providers.testOk', { latency: Math.round(result.latencyMs) })
              : t('ai.providers.testFailed', { latency: Math.round(result.latencyMs) })
          }
          description={result.message || undefined}
        />
      ) : null}
    </Modal>
  );
}
