// New invites, the list side: friend requests, team invitations and join requests, received and
// sent, newest first, 20 a page; those waiting for my answer can be answered right here.
import { useState } from 'react';
import { Avatar, Button, Empty, Pagination, Result, Skeleton, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AddrbookInvite } from '@library/contract';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../lib/i18n';
import { invitePageSize, useInvites } from '../api/get-invites';
import { formatListTime } from '../lib/format-time';
import { inviteCounterpart, inviteHeadline, inviteStateLabel } from '../lib/invite-text';
import { InviteActions } from './InviteActions';
import { PersonAvatar } from './PersonAvatar';

export function InvitesPane() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const invites = useInvites(page);

  if (invites.isError && !invites.data) {
    return (
      <Result
        status="warning"
        title={t('addrbook.invites.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void invites.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!invites.data) {
    return <Skeleton active avatar paragraph={{ rows: 4 }} className="addrbook-skeleton" />;
  }
  if (invites.data.total === 0) {
    return (
      <Empty
        className="addrbook-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div className="addrbook-empty-title">{t('addrbook.invites.empty')}</div>
            <Typography.Text type="secondary">{t('addrbook.invites.emptyHint')}</Typography.Text>
          </>
        }
      />
    );
  }

  return (
    <div className="addrbook-scroll" aria-busy={invites.isFetching}>
      <ul className="addrbook-list">
        {invites.data.list.map((invite) => (
          <InviteItem key={invite.inviteId} invite={invite} />
        ))}
      </ul>
      {invites.data.total > invitePageSize && (
        <Pagination
          simple
          size="small"
          className="addrbook-pagination"
          current={page + 1}
          pageSize={invitePageSize}
          total={invites.data.total}
          onChange={(next) => setPage(next - 1)}
        />
      )}
    </div>
  );
}

function InviteItem({ invite }: { invite: AddrbookInvite }) {
  const { t } = useTranslation();
  const person = inviteCounterpart(invite);
  const waiting = invite.state === 'pending' && invite.abilities.canAnswer;
  return (
    <li className={`addrbook-invite${waiting ? ' addrbook-invite-waiting' : ''}`}>
      <NavLink to={paths.addressBookInvite.getHref(invite.inviteId)} className="addrbook-item">
        {person ? (
          <PersonAvatar person={person} />
        ) : (
          <Avatar size={36} icon={<TeamOutlined />} className="addrbook-avatar" aria-hidden />
        )}
        <span className="addrbook-item-text">
          <span className="addrbook-item-title addrbook-invite-headline">
            {inviteHeadline(invite, t)}
          </span>
          {invite.message && <span className="addrbook-item-subtitle">{invite.message}</span>}
          <span className="addrbook-invite-meta">
            <span className={`addrbook-invite-state addrbook-invite-state-${invite.state}`}>
              {inviteStateLabel(invite, t)}
            </span>
            <span>{formatListTime(invite.createdAt, currentLocale())}</span>
          </span>
        </span>
      </NavLink>
      {waiting && (
        <div className="addrbook-invite-item-actions">
          <InviteActions invite={invite} />
        </div>
      )}
    </li>
  );
}
