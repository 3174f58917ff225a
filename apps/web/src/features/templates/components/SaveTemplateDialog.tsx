// 'Save as template' for a page or a topic (with its subtree): name, description, cover, and
// where it goes — this space (its admins) or the system (administrators holding
// `templates:write`); only the places the caller may keep templates are offered.
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { templateLimits, type TemplateScope } from '@library/contract';
import { toast } from '../../../components/toast';
import { saveTemplate, templateKeys } from '../api/templates';
import './templates.css';

export interface SaveTemplateTarget {
  nodeId: string;
  name: string;
  /** a page's icon, the cover to start from */
  avatar?: string | null;
}

interface SaveTemplateDialogProps {
  target: SaveTemplateTarget | null;
  /** the caller administers the space */
  canSpace: boolean;
  /** the caller keeps system templates */
  canSystem: boolean;
  onClose: () => void;
}

interface Values {
  name: string;
  description: string;
  cover: string;
  scope: TemplateScope;
}

export function SaveTemplateDialog({
  target,
  canSpace,
  canSystem,
  onClose,
}: SaveTemplateDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (target) {
      form.setFieldsValue({
        name: target.name,
        description: '',
        cover: target.avatar ?? '',
        scope: canSpace ? 'space' : 'system',
      });
    }
  }, [target, canSpace, form]);

  const submit = async (values: Values) => {
    if (!target) return;
    setSaving(true);
    try {
      await saveTemplate({
        scope: values.scope,
        nodeId: target.nodeId,
        name: values.name,
        description: values.description,
        cover: values.cover || null,
      });
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      toast.success(t('templates.saved'));
      onClose();
    } catch {
      // the API client has shown the error
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('templates.saveAsTemplate')}
      okText={t('templates.save')}
      cancelText={t('templates.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label={t('templates.name')}
          rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="description" label={t('templates.description')}>
          <Input.TextArea maxLength={templateLimits.descriptionMax} rows={3} showCount />
        </Form.Item>
        <Form.Item name="cover" label={t('templates.cover')} extra={t('templates.coverHint')}>
          <Input maxLength={512} />
        </Form.Item>
        {canSpace && canSystem && (
          <Form.Item name="scope" label={t('templates.scope')}>
            <Radio.Group
              options={[
                { value: 'space', label: t('templates.scopeSpace') },
                { value: 'system', label: t('templates.scopeSystem') },
              ]}
            />
          </Form.Item>
        )}
        {!(canSpace && canSystem) && (
          <Form.Item name="scope" hidden>
            <Input />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
