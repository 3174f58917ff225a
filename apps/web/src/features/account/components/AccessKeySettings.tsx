// Personal access keys for MCP clients: name, spaces, created, last used, revoke.
// A new key is shown once, in the dialog that made it, with the JSON an MCP client takes.
import { useState } from 'react';
import {
  Alert,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accessKeyNameMax, type AccessKey, type CreatedAccessKey } from '@library/contract';
import { toast } from '../../../components/toast';
import { formatShortDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import {
  useAccessKeys,
  useCreateAccessKey,
  useKeySpaces,
  useRevokeAccessKey,
} from '../api/access-keys';

/** What a user pastes into an MCP client (docs/api.md shows the same). */
function clientConfig(token: string) {
  return JSON.stringify(
    {
      mcpServers: {
        library: {
          url: `${window.location.origin}/api/mcp`,
          headers: { Authorization: `Bearer ${token}` },
        },
      },
    },
    null,
    2,
  );
}

function NewKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; spaceIds: string[] }>();
  const spaces = useKeySpaces(open);
  const create = useCreateAccessKey();
  const [made, setMade] = useState<CreatedAccessKey | null>(null);

  const close = () => {
    setMade(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: { name: string; spaceIds: string[] }) => {
    try {
      setMade(await create.mutateAsync(values));
    } catch {
      // the api client has shown the error
    }
  };

  return (
    <Modal
      open={open}
      title={made ? t('account.keyMade') : t('account.newKey')}
      onCancel={close}
      destroyOnHidden
      footer={
        made ? (
          <Button type="primary" onClick={close}>
            {t('account.keyDone')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
              {t('account.makeKey')}
            </Button>
          </>
        )
      }
    >
      {made ? (
        <div className="access-key-made">
          <Alert type="warning" showIcon message={t('account.keyShownOnce')} />
          <Typography.Paragraph copyable={{ text: made.token }} className="access-key-token">
            <code>{made.token}</code>
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('account.keyClientConfig')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: clientConfig(made.token) }}>
            <pre className="access-key-config">{clientConfig(made.token)}</pre>
          </Typography.Paragraph>
        </div>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="name"
            label={t('account.keyName')}
            rules={[{ required: true, whitespace: true, max: accessKeyNameMax }]}
          >
            <Input placeholder={t('account.keyNamePlaceholder')} maxLength={accessKeyNameMax} />
          </Form.Item>
          <Form.Item
            name="spaceIds"
            label={t('account.keySpaces')}
            extra={t('account.keySpacesHint')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Select
              mode="multiple"
              loading={spaces.isPending}
              optionFilterProp="label"
              options={(spaces.data?.list ?? []).map((space) => ({
                value: space.spaceId,
                label: space.name,
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** My access keys; any can be revoked, and it stops working at once. */
export function AccessKeySettings() {
  const { t } = useTranslation();
  const { data: keys, isPending } = useAccessKeys();
  const revoke = useRevokeAccessKey();
  const [creating, setCreating] = useState(false);
  const locale = currentLocale();

  const handleRevoke = async (key: AccessKey) => {
    try {
      await revoke.mutateAsync(key.keyId);
      toast.success(t('account.keyRevoked'));
    } catch {
      // the api client has shown the error
    }
  };

  return (
    <div className="access-keys">
      <div className="access-keys-header">
        <Typography.Text type="secondary">{t('account.keysIntro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('account.newKey')}
        </Button>
      </div>
      {isPending ? (
        <Skeleton active />
      ) : !keys || keys.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.noKeys')} />
      ) : (
        <ul className="device-list">
          {keys.map((key) => (
            <li key={key.keyId} className="device-item">
              <KeyOutlined className="device-icon" aria-hidden />
              <div className="device-text">
                <Typography.Text strong>
                  {key.name} <Typography.Text code>{key.hint}…</Typography.Text>
                </Typography.Text>
                <span>
                  {key.spaces.map((space) => (
                    <Tag key={space.spaceId}>{space.name}</Tag>
                  ))}
                </span>
                <Typography.Text type="secondary" className="device-details">
                  {t('account.keyDetails', {
                    created: formatShortDate(key.createdAt, locale),
                    lastUsed: key.lastUsedAt
                      ? formatShortDate(key.lastUsedAt, locale)
                      : t('account.keyNeverUsed'),
                  })}
                </Typography.Text>
              </div>
              <Popconfirm
                title={t('account.revokeKeyConfirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => handleRevoke(key)}
              >
                <Button
                  danger
                  size="small"
                  loading={revoke.isPending && revoke.variables === key.keyId}
                >
                  {t('account.revokeKey')}
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      <NewKeyDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
