// 'My shares' of a space (in its settings): each link with its visits, copy, change or remove
// its password, revoke; sharing the whole space; whether editors may share.
import { useState } from 'react';
import {
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { shareLimits, type Share, type SpaceDetail } from '@library/contract';
import dayjs from '../../../lib/dayjs';
import { toast } from '../../../components/toast';
import { useRevokeShare, useShareSettings, useSpaceShares, useUpdateShare } from '../api/share-api';
import { copyShareLink, ShareDialog, type ShareTarget } from './ShareDialog';
import '../share.css';

export function SpaceShareSettings({ space }: { space: SpaceDetail }) {
  const { t } = useTranslation();
  const shares = useSpaceShares(space.spaceId);
  const settings = useShareSettings(space.spaceId);
  const revoke = useRevokeShare(space.spaceId);
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const [changing, setChanging] = useState<Share | null>(null);

  if (!shares.data) return <Skeleton active />;
  const { list, editorsMayShare, canShare, canManageSettings } = shares.data;

  return (
    <div className="share-settings">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        {canShare && (
          <Button
            icon={<ShareAltOutlined />}
            onClick={() => setTarget({ type: 'space', id: space.spaceId, name: space.name })}
          >
            {t('share.list.shareSpace')}
          </Button>
        )}
        {canManageSettings && (
          <Space>
            <Switch
              checked={editorsMayShare}
              loading={settings.isPending}
              onChange={(value) => settings.mutate({ editorsMayShare: value })}
              aria-label={t('share.list.editorsMayShare')}
            />
            <Typography.Text>{t('share.list.editorsMayShare')}</Typography.Text>
          </Space>
        )}
      </Space>
      {list.length === 0 ? (
        <Empty description={t('share.list.empty')} />
      ) : (
        <div role="list">
          {list.map((share) => (
            <div key={share.shareId} className="share-list-item" role="listitem">
              <div className="share-list-meta">
                <Space size={4} wrap>
                  <Tag>{t(`share.target.${share.targetType}`)}</Tag>
                  <Typography.Text strong ellipsis>
                    {share.title}
                  </Typography.Text>
                </Space>
                <Space size={4} wrap>
                  <Tag color={share.protected ? 'blue' : 'default'}>
                    {share.protected ? t('share.list.protected') : t('share.list.open')}
                  </Tag>
                  {share.expired ? (
                    <Tag color="red">{t('share.list.expired')}</Tag>
                  ) : (
                    <Typography.Text type="secondary">
                      {share.expiresAt
                        ? t('share.list.expiresAt', {
                            date: dayjs(share.expiresAt).format('YYYY-MM-DD HH:mm'),
                          })
                        : t('share.list.never')}
                    </Typography.Text>
                  )}
                  <Typography.Text type="secondary">
                    {t('share.list.visits', { count: share.visitCount })}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('share.list.by', { name: share.createdBy.nickname })}
                  </Typography.Text>
                </Space>
              </div>
              <Space size={4} wrap>
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={() => void copyShareLink(share.path)}
                >
                  {t('share.copy')}
                </Button>
                {share.canManage && (
                  <>
                    <Button size="small" onClick={() => setChanging(share)}>
                      {t('share.list.changePassword')}
                    </Button>
                    <Popconfirm
                      title={t('share.list.revokeConfirm')}
                      onConfirm={() =>
                        revoke.mutate(share.shareId, {
                          onSuccess: () => toast.success(t('share.list.revoked')),
                        })
                      }
                    >
                      <Button size="small" danger>
                        {t('share.list.revoke')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            </div>
          ))}
        </div>
      )}
      <ShareDialog target={target} onClose={() => setTarget(null)} />
      <PasswordDialog share={changing} spaceId={space.spaceId} onClose={() => setChanging(null)} />
    </div>
  );
}

function PasswordDialog({
  share,
  spaceId,
  onClose,
}: {
  share: Share | null;
  spaceId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const update = useUpdateShare(spaceId);
  const save = (password: string | null) => {
    if (!share) return;
    update.mutate(
      { shareId: share.shareId, body: { password } },
      {
        onSuccess: () => {
          toast.success(t('share.list.passwordChanged'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={share !== null}
      title={t('share.list.changePassword')}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
      width={400}
    >
      <Form form={form} layout="vertical" onFinish={({ password }) => save(password)}>
        <Form.Item
          name="password"
          label={t('share.list.newPassword')}
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
          <Input.Password maxLength={shareLimits.passwordMax} autoComplete="new-password" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('share.list.changePassword')}
          </Button>
          {share?.protected && (
            <Button onClick={() => save(null)} disabled={update.isPending}>
              {t('share.list.removePassword')}
            </Button>
          )}
        </Space>
      </Form>
    </Modal>
  );
}
