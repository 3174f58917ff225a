// The share dialog: a link to a space, a topic or a page, with or without a password, an expiry
// and what visitors may do; once made, the link to copy.
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  shareExpiries,
  shareLimits,
  type Share,
  type ShareExpiry,
  type ShareTargetType,
} from '@library/contract';
import type { Dayjs } from 'dayjs';
import dayjs from '../../../lib/dayjs';
import { toast } from '../../../components/toast';
import { translate } from '../../../lib/i18n';
import { shareLink, useCreateShare } from '../api/share-api';
import '../share.css';

export interface ShareTarget {
  type: ShareTargetType;
  id: string;
  name: string;
}

interface FormValues {
  protect: boolean;
  password?: string;
  expiry: ShareExpiry;
  expiresAt?: Dayjs;
  flags: Array<'showComments' | 'allowDownload' | 'allowAi'>;
}

export async function copyShareLink(path: string) {
  try {
    await navigator.clipboard.writeText(shareLink(path));
    toast.success(translate('share.copied'));
  } catch {
    toast.warning(translate('share.copyFailed'));
  }
}

export function ShareDialog({
  target,
  onClose,
}: {
  target: ShareTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateShare();
  const [made, setMade] = useState<Share | null>(null);
  const protect = Form.useWatch('protect', form);
  const expiry = Form.useWatch('expiry', form);

  const close = () => {
    setMade(null);
    create.reset();
    onClose();
  };

  const submit = (values: FormValues) => {
    if (!target) return;
    create.mutate(
      {
        targetType: target.type,
        targetId: target.id,
        password: values.protect ? values.password : null,
        expiry: values.expiry,
        expiresAt:
          values.expiry === 'date' && values.expiresAt
            ? values.expiresAt.endOf('day').toISOString()
            : null,
        showComments: values.flags.includes('showComments'),
        allowDownload: values.flags.includes('allowDownload'),
        allowAi: values.flags.includes('allowAi'),
      },
      { onSuccess: (share) => setMade(share) },
    );
  };

  return (
    <Modal
      open={target !== null}
      title={target ? t('share.dialogTitle', { name: target.name }) : ''}
      onCancel={close}
      footer={null}
      width={480}
      destroyOnHidden
      className="share-dialog"
    >
      {made ? (
        <div className="share-made">
          <Alert type="success" showIcon message={t('share.created')} />
          <Typography.Text strong>{t('share.link')}</Typography.Text>
          <Space.Compact className="share-link-row">
            <Input readOnly value={shareLink(made.path)} aria-label={t('share.link')} />
            <Button
              type="primary"
              icon={<CopyOutlined />}
              onClick={() => void copyShareLink(made.path)}
            >
              {t('share.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">{t('share.onlyPublished')}</Typography.Text>
        </div>
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ protect: true, expiry: '7d', flags: ['allowDownload'] }}
          onFinish={submit}
        >
          <Form.Item name="protect" label={t('share.password')} valuePropName="checked">
            <Switch aria-label={t('share.passwordOn')} />
          </Form.Item>
          {protect && (
            <Form.Item
              name="password"
              rules={[
                {
                  required: true,
                  min: shareLimits.passwordMin,
                  max: shareLimits.passwordMax,
                  pattern: /^[\x21-\x7e]+$/,
                  message: t('share.passwordRule'),
                },
              ]}
            >
              <Input.Password
                placeholder={t('share.passwordPlaceholder')}
                maxLength={shareLimits.passwordMax}
                aria-label={t('share.password')}
                autoComplete="new-password"
              />
            </Form.Item>
          )}
          <Form.Item name="expiry" label={t('share.expiry')}>
            <Select
              aria-label={t('share.expiry')}
              options={shareExpiries.map((value) => ({
                value,
                label: t(`share.expiries.${value}`),
              }))}
            />
          </Form.Item>
          {expiry === 'date' && (
            <Form.Item
              name="expiresAt"
              rules={[{ required: true, message: t('share.expiresAtRequired') }]}
            >
              <DatePicker
                className="share-date"
                disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              />
            </Form.Item>
          )}
          <Form.Item name="flags" label={t('share.flags')}>
            <Checkbox.Group
              className="share-flags"
              options={[
                { value: 'showComments', label: t('share.showComments') },
                { value: 'allowDownload', label: t('share.allowDownload') },
                { value: 'allowAi', label: t('share.allowAi') },
              ]}
            />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('share.onlyPublished')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" block loading={create.isPending}>
            {t('share.create')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
