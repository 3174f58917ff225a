import { useEffect } from 'react';
import { Button, Descriptions, Form, Input, Space, Typography, Upload } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { limits } from '@library/contract';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { useCurrentUser } from '../../auth';
import { UserAvatar } from '../../../components/UserAvatar';
import { useInviteCode } from '../api/get-invite-code';
import { useUpdateNickname } from '../api/update-nickname';
import { useUploadAvatar } from '../api/upload-avatar';

/** Avatar, user ID, nickname, phone, e-mail and the invite link. */
export function ProfileSettings() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { data: invite } = useInviteCode();
  const [form] = Form.useForm<{ nickname: string }>();
  const updateNickname = useUpdateNickname();
  const uploadAvatar = useUploadAvatar();

  useEffect(() => {
    if (user) form.setFieldsValue({ nickname: user.nickname });
  }, [user, form]);

  if (!user) return null;

  const handleBeforeUpload = (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast.error(t('account.avatarNotImage'), { showClose: true });
      return Upload.LIST_IGNORE;
    }
    if (file.size > limits.avatarMaxBytes) {
      toast.error(t('account.avatarTooLarge'), { showClose: true });
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleSaveNickname = async ({ nickname }: { nickname: string }) => {
    try {
      await updateNickname.mutateAsync({ nickname: nickname.trim() });
      toast.success(t('account.saved'));
    } catch {
      // shown by the API client
    }
  };

  const inviteLink = invite
    ? `${window.location.origin}${paths.register.getHref(invite.inviteCode)}`
    : null;

  return (
    <div className="account-profile">
      <div className="account-avatar-row">
        <UserAvatar user={user} size={72} />
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={handleBeforeUpload}
          customRequest={({ file, onSuccess, onError }) => {
            uploadAvatar.mutateAsync(file as Blob).then(
              (updated) => {
                onSuccess?.(updated);
                toast.success(t('account.avatarUpdated'));
              },
              (error: unknown) =>
                onError?.(error instanceof Error ? error : new Error(String(error))),
            );
          }}
        >
          <Button icon={<CameraOutlined />} loading={uploadAvatar.isPending}>
            {t('account.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" className="account-avatar-hint">
          {t('account.avatarHint')}
        </Typography.Text>
      </div>

      <Descriptions
        column={1}
        size="small"
        className="account-facts"
        items={[
          {
            key: 'userId',
            label: t('account.userId'),
            children: (
              <Space orientation="vertical" size={0}>
                <Typography.Text copyable strong>
                  {user.userId}
                </Typography.Text>
                <Typography.Text type="secondary">{t('account.userIdHint')}</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'mobile',
            label: t('account.mobile'),
            children: user.mobile ?? t('account.notBound'),
          },
          {
            key: 'email',
            label: t('account.email'),
            children: user.email ?? t('account.notBound'),
          },
          ...(inviteLink
            ? [
                {
                  key: 'invite',
                  label: t('account.inviteLink'),
                  children: (
                    <Typography.Text copyable={{ text: inviteLink }} className="account-invite">
                      {inviteLink}
                    </Typography.Text>
                  ),
                },
              ]
            : []),
        ]}
      />

      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={handleSaveNickname}
        className="account-nickname"
      >
        <Form.Item label={t('account.nickname')} required>
          <Space.Compact block>
            <Form.Item
              name="nickname"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('account.nicknameRequired') }]}
            >
              <Input maxLength={limits.nicknameMax} showCount aria-label={t('account.nickname')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={updateNickname.isPending}>
              {t('common.save')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </div>
  );
}
