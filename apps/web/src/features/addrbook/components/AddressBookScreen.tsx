// /addrbook (spec §2): the address book's three sections — New invites, My friends, My teams — as
// a list beside the selected item's detail. The selection is the route (`/addrbook/friend/:id`,
// `/addrbook/team/:id`, `/addrbook/invite/:id`); `/addrbook?section=…` is a section with nothing
// selected. Below 992 px one pane at a time: the list, then the detail with a back button.
import '../lib/text';
import { useState } from 'react';
import { Button, Empty, Segmented, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/CountBadge';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { usePendingInviteCount } from '../api/get-invite-count';
import { isAddrbookSection, sectionHref, type AddrbookSection } from '../lib/sections';
import { AddFriendDialog } from './AddFriendDialog';
import { FriendDetail } from './FriendDetail';
import { FriendGroupsDialog } from './FriendGroupsDialog';
import { FriendsPane } from './FriendsPane';
import { InviteDetail } from './InviteDetail';
import { InvitesPane } from './InvitesPane';
import { TeamDetail } from './TeamDetail';
import { TeamNameDialog, type TeamNameIntent } from './TeamNameDialog';
import { TeamsPane } from './TeamsPane';
import './addrbook.css';

const sectionTitleKeys = {
  invite: 'routes.addressBookInvite',
  friend: 'routes.addressBookFriend',
  team: 'routes.addressBookTeam',
} as const;

const pickKeys = {
  invite: 'addrbook.invites.pick',
  friend: 'addrbook.friends.pick',
  team: 'addrbook.teams.pick',
} as const;

export function AddressBookScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { friendId, teamId, inviteId } = useParams();
  const [searchParams] = useSearchParams();
  const pending = usePendingInviteCount();
  const [addingFriend, setAddingFriend] = useState(false);
  const [managingGroups, setManagingGroups] = useState(false);
  const [teamIntent, setTeamIntent] = useState<TeamNameIntent | null>(null);

  const requested = searchParams.get('section');
  const section: AddrbookSection = friendId
    ? 'friend'
    : teamId
      ? 'team'
      : inviteId
        ? 'invite'
        : isAddrbookSection(requested)
          ? requested
          : 'friend';
  const selected = friendId ?? teamId ?? inviteId ?? null;
  const showList = !mobile || selected === null;
  const showDetail = !mobile || selected !== null;

  let detail;
  if (friendId) detail = <FriendDetail friendId={friendId} />;
  else if (teamId) detail = <TeamDetail teamId={teamId} joinCode={searchParams.get('join')} />;
  else if (inviteId) detail = <InviteDetail inviteId={inviteId} />;
  else {
    detail = (
      <Empty
        className="addrbook-detail-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(pickKeys[section])}
      />
    );
  }

  return (
    <div className={`addrbook-screen${mobile ? ' addrbook-screen-mobile' : ''}`}>
      {showList && (
        <section className="addrbook-list-pane" aria-label={t('routes.addressBook')}>
          <Segmented<AddrbookSection>
            block
            value={section}
            onChange={(next) => navigate(sectionHref(next))}
            className="addrbook-sections"
            aria-label={t('addrbook.sectionsLabel')}
            options={[
              {
                value: 'invite',
                label: (
                  <span className="addrbook-section-label">
                    {t('addrbook.sections.invite')}
                    <CountBadge
                      count={pending}
                      title={t('addrbook.invites.pendingCount', { count: pending })}
                    />
                  </span>
                ),
              },
              { value: 'friend', label: t('addrbook.sections.friend') },
              { value: 'team', label: t('addrbook.sections.team') },
            ]}
          />
          {section === 'friend' && (
            <FriendsPane
              onAddFriend={() => setAddingFriend(true)}
              onManageGroups={() => setManagingGroups(true)}
            />
          )}
          {section === 'team' && (
            <TeamsPane
              selectedTeamId={teamId ?? null}
              onCreateTeam={() => setTeamIntent({ kind: 'create', parent: null })}
            />
          )}
          {section === 'invite' && <InvitesPane />}
        </section>
      )}
      {showDetail && (
        <section className="addrbook-detail-pane" aria-label={t(sectionTitleKeys[section])}>
          {mobile && (
            <div className="addrbook-mobile-header">
              <Button
                type="text"
                icon={<LeftOutlined />}
                onClick={() => navigate(sectionHref(section))}
                aria-label={t('addrbook.common.back')}
              >
                {t('addrbook.common.back')}
              </Button>
              <Typography.Text strong className="addrbook-mobile-title">
                {t(sectionTitleKeys[section])}
              </Typography.Text>
            </div>
          )}
          <div className="addrbook-detail-body">{detail}</div>
        </section>
      )}
      <AddFriendDialog open={addingFriend} onClose={() => setAddingFriend(false)} />
      <FriendGroupsDialog open={managingGroups} onClose={() => setManagingGroups(false)} />
      <TeamNameDialog intent={teamIntent} onClose={() => setTeamIntent(null)} />
    </div>
  );
}
