// One dialog for creating and renaming topics, pages and links (links also have a url).
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits, linkUrlSchema } from '@library/contract';
import type { NewNodeType } from './space-context';

export interface NodeDialogState {
  mode: 'create' | 'rename';
  type: NewNodeType;
  /** create: the topic to create in (null: root); rename: the node's id */
  targetId: string | null;
  name?: string;
  url?: string;
}

interface NodeDialogProps {
  state: NodeDialogState | null;
  onCancel: () => void;
  onSubmit: (values: { name: string; url?: string }) => Promise<void>;
}

const titleKeys = {
  create: { topic: 'spaces.newTopic', page: 'spaces.newPage', link: 'spaces.newLink' },
} as const;

export function NodeDialog({ state, onCancel, onSubmit }: NodeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; url?: string }>();
  const [saving, setSaving] = useState(false);
  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit({ name: values.name.trim(), url: values.url?.trim() });
    } catch {
      // the API client already showed the failure
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={state !== null}
      title={
        state
          ? state.mode === 'create'
            ? t(titleKeys.create[state.type])
            : t('spaces.rename')
          : ''
      }
      okText={state?.mode === 'create' ? t('spaces.create') : t('spaces.save')}
      cancelText={t('spaces.cancel')}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={onCancel}
      destroyOnHidden
      forceRender={false}
    >
      {state && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: state.name ?? '', url: state.url ?? '' }}
          onFinish={() => void handleOk()}
          preserve={false}
        >
          <Form.Item
            name="name"
            label={t('spaces.name')}
            rules={[
              { required: true, whitespace: true, message: t('spaces.nameRequired') },
              { max: limits.nameMax, message: t('spaces.nameTooLong') },
            ]}
          >
            <Input autoFocus maxLength={limits.nameMax} />
          </Form.Item>
          {state.type === 'link' && (
            <Form.Item
              name="url"
              label={t('spaces.url')}
              rules={[
                {
                  validator: (_rule, value: unknown) =>
                    linkUrlSchema.safeParse(value).success
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('spaces.urlInvalid'))),
                },
              ]}
            >
              <Input placeholder="https://" inputMode="url" />
            </Form.Item>
          )}
          <button type="submit" hidden />
        </Form>
      )}
    </Modal>
  );
}
