// New invites, the detail side (`/addrbook/invite/:inviteId`): who asked whom for what, the
// message, when it was asked and answered, and accept / decline while it waits for me; once
// accepted, a way to the new friend or the team.
import { Avatar, Button, Descriptions, Result, Skeleton, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AddrbookInvite } from '@library/contract';
import { paths } from '../../../config/paths';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { currentLocale } from '../../../lib/i18n';
import { useInvite } from '../api/get-invite';
import { isNotFound } from '../lib/api-errors';
import { formatFullTime } from '../lib/format-time';
import { inviteCounterpart, inviteHeadline, inviteStateLabel } from '../lib/invite-text';
import { sectionHref } from '../lib/sections';
import { InviteActions } from './InviteActions';
import { PersonAvatar } from './PersonAvatar';

export function InviteDetail({ inviteId }: { inviteId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invite = useInvite(inviteId);

  if (invite.isError && !invite.data) {
    if (isNotFound(invite.error)) {
      return (
        <Result
          status="404"
          title={t('addrbook.invites.notFound')}
          extra={
            <Button onClick={() => navigate(sectionHref('invite'))}>
              {t('addrbook.invites.backToList')}
            </Button>
          }
        />
      );
    }
    return (
      <Result
        status="warning"
        title={t('addrbook.invites.detailFailed')}
        extra={
          <Button type="primary" onClick={() => void invite.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!invite.data) return <Skeleton active avatar paragraph={{ rows: 5 }} />;
  return <InviteCard invite={invite.data} />;
}

const kindLabels = {
  friendRequest: 'addrbook.invites.kinds.friendRequest',
  teamInvitation: 'addrbook.invites.kinds.teamInvitation',
  teamJoinRequest: 'addrbook.invites.kinds.teamJoinRequest',
} as const;

function InviteCard({ invite }: { invite: AddrbookInvite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const locale = currentLocale();
  const person = inviteCounterpart(invite);
  const accepted = invite.state === 'accepted';
  const teamId = invite.team?.teamId;
  // after a friend request was accepted: the other person is my friend now
  const friendId =
    invite.kind === 'friendRequest'
      ? invite.direction === 'received'
        ? invite.from.userId
        : invite.to?.userId
      : undefined;

  return (
    <article className="addrbook-card" aria-labelledby="invite-title">
      <header className="addrbook-card-header">
        {person ? (
          <PersonAvatar person={person} size={mobile ? 52 : 64} />
        ) : (
          <Avatar
            size={mobile ? 52 : 64}
            icon={<TeamOutlined />}
            className="addrbook-avatar"
            aria-hidden
          />
        )}
        <div className="addrbook-card-heading">
          <Typography.Text type="secondary">{t(kindLabels[invite.kind])}</Typography.Text>
          <Typography.Title level={4} id="invite-title" className="addrbook-card-title">
            {inviteHeadline(invite, t)}
          </Typography.Title>
          <span className={`addrbook-invite-state addrbook-invite-state-${invite.state}`}>
            {inviteStateLabel(invite, t)}
          </span>
        </div>
      </header>
      {invite.message && (
        <blockquote className="addrbook-invite-message">{invite.message}</blockquote>
      )}
      <Descriptions
        column={1}
        size="middle"
        layout={mobile ? 'vertical' : 'horizontal'}
        colon={!mobile}
        className="addrbook-card-fields"
        items={[
          ...(invite.team
            ? [
                {
                  key: 'team',
                  label: t('addrbook.invites.team'),
                  children: invite.team.name,
                },
              ]
            : []),
          { key: 'from', label: t('addrbook.invites.from'), children: invite.from.nickname },
          ...(invite.to
            ? [{ key: 'to', label: t('addrbook.invites.to'), children: invite.to.nickname }]
            : []),
          {
            key: 'created',
            label: t('addrbook.invites.createdAt'),
            children: formatFullTime(invite.createdAt, locale),
          },
          ...(invite.decidedAt
            ? [
                {
                  key: 'decided',
                  label: t('addrbook.invites.decidedAt'),
                  children: formatFullTime(invite.decidedAt, locale),
                },
              ]
            : []),
        ]}
      />
      <footer className="addrbook-card-footer addrbook-card-footer-start">
        <InviteActions invite={invite} size="middle" />
        {accepted && friendId && (
          <Button onClick={() => navigate(paths.addressBookFriend.getHref(friendId))}>
            {t('addrbook.invites.openFriend')}
          </Button>
        )}
        {accepted && teamId && invite.kind !== 'friendRequest' && (
          <Button onClick={() => navigate(paths.addressBookTeam.getHref(teamId))}>
            {t('addrbook.invites.openTeam')}
          </Button>
        )}
      </footer>
    </article>
  );
}
