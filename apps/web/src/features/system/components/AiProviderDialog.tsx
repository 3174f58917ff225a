// Adding or editing an AI provider: the form, saving, and 'test connection' with the form's values
// (for a stored provider, the server reuses its key when the field is left empty).
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AiProviderTestResult } from '@library/contract';
import { toast } from '../../../components/toast';
import { createAiProvider } from '../api/create-ai-provider';
import { testAiProvider } from '../api/test-ai-provider';
import { updateAiProvider } from '../api/update-ai-provider';
import {
  initialValues,
  providerInput,
  type Editing,
  type ProviderFormValues,
} from '../lib/provider-form';

export function AiProviderDialog({
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
            label={t('ai.providers.optional', { label: t('ai.providers.embeddingModel') })}
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
          label={t('ai.providers.optional', { label: t('ai.providers.rerankModel') })}
          extra={t('ai.providers.rerankModelHint')}
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
