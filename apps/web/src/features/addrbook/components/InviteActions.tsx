import { Button, Space } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AddrbookInvite } from '@library/contract';
import { toast } from '../../../components/toast';
import { useAnswerInvite } from '../api/answer-invite';
import { answeredMessage, inviteHeadline } from '../lib/invite-text';

/** Accept / decline of an invite that waits for my answer; nothing for the others. */
export function InviteActions({
  invite,
  size = 'small',
  onAnswered,
}: {
  invite: AddrbookInvite;
  size?: 'small' | 'middle';
  onAnswered?: (accept: boolean) => void;
}) {
  const { t } = useTranslation();
  const answer = useAnswerInvite();
  if (!invite.abilities.canAnswer || invite.state !== 'pending') return null;
  const headline = inviteHeadline(invite, t);

  const handleAnswer = (accept: boolean) => {
    // the promise, not mutate's callbacks: answered, the invite leaves the waiting ones and these
    // buttons unmount before the callbacks would run
    answer
      .mutateAsync({ kind: invite.kind, inviteId: invite.inviteId, accept })
      .then(() => {
        toast.success(answeredMessage(invite, accept, t));
        onAnswered?.(accept);
      })
      // shown by the API client (500002: answered elsewhere meanwhile)
      .catch(() => undefined);
  };

  const busy = answer.isPending ? answer.variables.accept : null;
  return (
    <Space size={8} className="addrbook-invite-actions">
      <Button
        type="primary"
        size={size}
        icon={<CheckOutlined />}
        loading={busy === true}
        disabled={busy === false}
        aria-label={t('addrbook.invites.acceptLabel', { headline })}
        onClick={() => handleAnswer(true)}
      >
        {t('addrbook.invites.accept')}
      </Button>
      <Button
        size={size}
        icon={<CloseOutlined />}
        loading={busy === false}
        disabled={busy === true}
        aria-label={t('addrbook.invites.declineLabel', { headline })}
        onClick={() => handleAnswer(false)}
      >
        {t('addrbook.invites.decline')}
      </Button>
    </Space>
  );
}
