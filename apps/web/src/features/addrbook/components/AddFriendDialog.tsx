// The add-friend dialog (spec §2 'add friend'): by the other person's exact account — phone,
// e-mail or ID — with a message (a friend request), by their invite code (friends at once), or by
// sharing my own invite link `/register?c=<code>` as text or as a QR code.
import { useState } from 'react';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  QRCode,
  Result,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import { CopyOutlined, LinkOutlined, ReloadOutlined, UserAddOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Friend } from '@library/contract';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { useFeature } from '../../../hooks/use-feature';
import { useCurrentUser } from '../../auth';
import { useAddFriendByCode } from '../api/add-friend-by-code';
import { useMyInviteCode } from '../api/get-my-invite-code';
import { useResetMyInviteCode } from '../api/reset-my-invite-code';
import { useSendFriendRequest } from '../api/send-friend-request';
import { fieldErrorOf } from '../lib/api-errors';
import { accountProblem, normaliseAccount } from '../lib/friend-account';
import { friendDisplayName } from '../lib/friend-groups';

export type AddFriendTab = 'account' | 'code' | 'link';

/** The message a friend request may carry (the contract's limit). */
export const friendRequestMessageMax = 200;

interface AddFriendDialogProps {
  open: boolean;
  onClose: () => void;
  initialTab?: AddFriendTab;
}

export function AddFriendDialog({ open, onClose, initialTab = 'account' }: AddFriendDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<AddFriendTab>(initialTab);
  const canAddFriend = useFeature('addFriend');

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('addrbook.addFriend.title')}
      footer={null}
      destroyOnHidden
      width={460}
      className="addrbook-add-friend"
    >
      {!canAddFriend && (
        <Alert type="warning" showIcon title={t('common.featureOff')} className="addrbook-alert" />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as AddFriendTab)}
        items={[
          {
            key: 'account',
            label: t('addrbook.addFriend.byAccount'),
            children: <ByAccountForm disabled={!canAddFriend} onDone={onClose} />,
          },
          {
            key: 'code',
            label: t('addrbook.addFriend.byCode'),
            children: <ByCodeForm disabled={!canAddFriend} onDone={onClose} />,
          },
          {
            key: 'link',
            label: t('addrbook.addFriend.myLink'),
            children: <MyInviteLink />,
          },
        ]}
      />
    </Modal>
  );
}

interface AccountValues {
  account: string;
  message: string;
}

function ByAccountForm({ disabled, onDone }: { disabled: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const send = useSendFriendRequest();
  const [form] = Form.useForm<AccountValues>();

  const problemMessages = {
    empty: t('addrbook.addFriend.accountRequired'),
    format: t('addrbook.addFriend.accountInvalid'),
    self: t('addrbook.addFriend.accountSelf'),
  };

  const handleFinish = async (values: AccountValues) => {
    try {
      const result = await send.mutateAsync({
        account: normaliseAccount(values.account),
        message: values.message?.trim() ?? '',
      });
      if (result.friend) {
        befriended(result.friend);
      } else {
        toast.success(t('addrbook.addFriend.requestSent'));
        onDone();
      }
    } catch (error) {
      const message = fieldErrorOf(error, {
        [ErrorCode.userMissing]: t('addrbook.addFriend.accountNotFound'),
        [ErrorCode.operationNotAllowed]: t('addrbook.addFriend.accountSelf'),
        [ErrorCode.duplicate]: t('addrbook.addFriend.alreadyFriends'),
      });
      if (message) form.setFields([{ name: 'account', errors: [message] }]);
    }
  };

  const befriended = (friend: Friend) => {
    toast.success(t('addrbook.addFriend.nowFriends', { name: friendDisplayName(friend) }));
    onDone();
    navigate(paths.addressBookFriend.getHref(friend.userId));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      disabled={disabled}
      name="add-friend-account"
      initialValues={{
        account: '',
        message: me ? t('addrbook.addFriend.messageDefault', { name: me.nickname }) : '',
      }}
    >
      <Form.Item
        name="account"
        label={t('addrbook.addFriend.account')}
        extra={t('addrbook.addFriend.accountHint')}
        validateTrigger="onSubmit"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const problem = accountProblem(typeof value === 'string' ? value : '', me);
              if (problem) throw new Error(problemMessages[problem]);
            },
          },
        ]}
      >
        <Input
          autoFocus
          placeholder={t('addrbook.addFriend.accountPlaceholder')}
          maxLength={128}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="message" label={t('addrbook.addFriend.message')}>
        <Input.TextArea
          rows={3}
          maxLength={friendRequestMessageMax}
          showCount
          placeholder={t('addrbook.addFriend.messagePlaceholder')}
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        block
        icon={<UserAddOutlined />}
        loading={send.isPending}
      >
        {t('addrbook.addFriend.sendRequest')}
      </Button>
    </Form>
  );
}

function ByCodeForm({ disabled, onDone }: { disabled: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddFriendByCode();
  const [form] = Form.useForm<{ code: string }>();

  const handleFinish = async ({ code }: { code: string }) => {
    try {
      const { friend } = await add.mutateAsync(code.trim());
      toast.success(t('addrbook.addFriend.nowFriends', { name: friendDisplayName(friend) }));
      onDone();
      navigate(paths.addressBookFriend.getHref(friend.userId));
    } catch (error) {
      const message = fieldErrorOf(error, {
        [ErrorCode.userMissing]: t('addrbook.addFriend.codeUnknown'),
        [ErrorCode.userDisabled]: t('addrbook.addFriend.codeDisabled'),
        [ErrorCode.operationNotAllowed]: t('addrbook.addFriend.codeOwn'),
        [ErrorCode.duplicate]: t('addrbook.addFriend.alreadyFriends'),
      });
      if (message) form.setFields([{ name: 'code', errors: [message] }]);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void handleFinish(values)}
      disabled={disabled}
      name="add-friend-code"
    >
      <Form.Item
        name="code"
        label={t('addrbook.addFriend.code')}
        extra={t('addrbook.addFriend.codeHint')}
        validateTrigger="onSubmit"
        rules={[
          { required: true, whitespace: true, message: t('addrbook.addFriend.codeRequired') },
        ]}
      >
        <Input
          autoFocus
          placeholder={t('addrbook.addFriend.codePlaceholder')}
          maxLength={64}
          autoComplete="off"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={add.isPending}>
        {t('addrbook.addFriend.addByCode')}
      </Button>
    </Form>
  );
}

/** My invite link and its QR code; anyone who registers or logs in through it becomes my friend. */
function MyInviteLink() {
  const { t } = useTranslation();
  const code = useMyInviteCode();
  const reset = useResetMyInviteCode();
  const [modal, modalHolder] = Modal.useModal();

  const handleReset = () => {
    void modal.confirm({
      title: t('addrbook.addFriend.resetLinkTitle'),
      content: t('addrbook.addFriend.resetLinkText'),
      okText: t('addrbook.addFriend.resetLink'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await reset.mutateAsync();
        toast.success(t('addrbook.addFriend.linkReset'));
      },
    });
  };

  if (code.isError && !code.data) {
    return (
      <Result
        status="warning"
        title={t('addrbook.addFriend.linkFailed')}
        extra={
          <Button type="primary" onClick={() => void code.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!code.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const link = `${window.location.origin}${paths.register.getHref(code.data.inviteCode)}`;

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('addrbook.common.linkCopied'));
    } catch {
      toast.warning(t('addrbook.common.copyFailed'));
    }
  };

  return (
    <div className="addrbook-invite-link">
      <Typography.Paragraph type="secondary">
        {t('addrbook.addFriend.linkHint')}
      </Typography.Paragraph>
      <div className="addrbook-link-row">
        <Input
          readOnly
          value={link}
          prefix={<LinkOutlined />}
          aria-label={t('addrbook.addFriend.myLink')}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void handleCopy()}>
          {t('addrbook.common.copy')}
        </Button>
      </div>
      <Button
        type="link"
        size="small"
        icon={<ReloadOutlined />}
        loading={reset.isPending}
        onClick={handleReset}
        className="addrbook-reset-link"
      >
        {t('addrbook.addFriend.resetLink')}
      </Button>
      {modalHolder}
      <Typography.Text type="secondary" className="addrbook-invite-code">
        {t('addrbook.addFriend.myCode')}:{' '}
        <Typography.Text copyable strong>
          {code.data.inviteCode}
        </Typography.Text>
      </Typography.Text>
      <figure className="addrbook-qr">
        {/* black on white in both themes: phone cameras read that best */}
        <QRCode value={link} size={168} color="#000000" bgColor="#ffffff" />
        <figcaption>{t('addrbook.addFriend.qrCaption')}</figcaption>
      </figure>
    </div>
  );
}
