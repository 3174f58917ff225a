// A dialog asking for one name (space groups).
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { limits } from '@library/contract';

interface NamePromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  initialName?: string;
  onCancel: () => void;
  onSubmit: (name: string) => Promise<void>;
}

export function NamePromptDialog(props: NamePromptDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { name } = values;
    setSaving(true);
    try {
      await props.onSubmit(name.trim());
    } catch {
      // shown by the API client
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('spaces.save')}
      cancelText={t('spaces.cancel')}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: props.initialName ?? '' }}
      >
        <Form.Item
          name="name"
          label={props.label}
          rules={[
            { required: true, whitespace: true, message: t('spaces.nameRequired') },
            { max: limits.nameMax, message: t('spaces.nameTooLong') },
          ]}
        >
          <Input autoFocus maxLength={limits.nameMax} onPressEnter={() => void handleOk()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
