// Adding members to a team from my friends (the server takes a manager's friends only, 500003
// when someone is in already): at once, as members or admins, or by an invitation they accept
// in their 'New invites' (then as members). Friends already in the team are left out.
import { useState } from 'react';
import { Button, Empty, Form, Input, Modal, Radio, Result, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamDetail } from '@library/contract';
import { toast } from '../../../components/toast';
import { useAllFriends } from '../api/get-friends';
import { useAddTeamMember } from '../api/add-team-member';
import { useInviteToTeam } from '../api/invite-to-team';
import { friendDisplayName } from '../lib/friend-groups';
import { PersonAvatar } from './PersonAvatar';

export function AddMembersDialog({
  team,
  open,
  onClose,
}: {
  team: TeamDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const friends = useAllFriends(open);
  const add = useAddTeamMember(team.teamId);
  const invite = useInviteToTeam(team.teamId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [way, setWay] = useState<'invite' | 'add'>('invite');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [message, setMessage] = useState('');
  const [adding, setAdding] = useState(false);

  const memberIds = new Set(team.members.map((member) => member.userId));
  const candidates = (friends.data?.list ?? []).filter((friend) => !memberIds.has(friend.userId));

  const handleClose = () => {
    setChosen([]);
    setRole('member');
    setMessage('');
    onClose();
  };

  const handleOk = async () => {
    if (chosen.length === 0) return;
    setAdding(true);
    let added = 0;
    for (const userId of chosen) {
      try {
        if (way === 'add') await add.mutateAsync({ userId, role });
        else await invite.mutateAsync({ userId, message: message.trim() });
        added += 1;
      } catch {
        // quotas and the rest: the API client's toast; stop at the first refusal
        break;
      }
    }
    setAdding(false);
    if (added > 0) {
      toast.success(
        way === 'add'
          ? t('addrbook.teams.membersAdded', { count: added })
          : t('addrbook.teams.invitationsSent', { count: added }),
      );
    }
    if (added === chosen.length) handleClose();
    else setChosen(chosen.slice(added));
  };

  let body;
  if (friends.isError && !friends.data) {
    body = (
      <Result
        status="warning"
        title={t('addrbook.friends.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void friends.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  } else if (!friends.data) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (candidates.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          friends.data.list.length === 0
            ? t('addrbook.teams.noFriendsToAdd')
            : t('addrbook.teams.allFriendsIn')
        }
      />
    );
  } else {
    body = (
      <Form layout="vertical">
        <Form.Item label={t('addrbook.teams.pickFriends')} htmlFor="add-members-select">
          <Select
            id="add-members-select"
            mode="multiple"
            autoFocus
            value={chosen}
            onChange={setChosen}
            placeholder={t('addrbook.teams.pickFriendsPlaceholder')}
            optionFilterProp="label"
            options={candidates.map((friend) => ({
              value: friend.userId,
              label: friendDisplayName(friend),
              friend,
            }))}
            optionRender={(option) => (
              <span className="addrbook-option">
                <PersonAvatar person={option.data.friend} size={22} />
                <span>{option.data.label}</span>
                <span className="addrbook-option-id">{option.data.value}</span>
              </span>
            )}
          />
        </Form.Item>
        <Form.Item label={t('addrbook.teams.addWay')} extra={t(`addrbook.teams.addWayHint.${way}`)}>
          <Radio.Group
            value={way}
            onChange={(event) => setWay(event.target.value as 'invite' | 'add')}
            optionType="button"
            options={[
              { value: 'invite', label: t('addrbook.teams.addWays.invite') },
              { value: 'add', label: t('addrbook.teams.addWays.add') },
            ]}
          />
        </Form.Item>
        {way === 'add' ? (
          <Form.Item label={t('addrbook.teams.roleLabel')}>
            <Radio.Group
              value={role}
              onChange={(event) => setRole(event.target.value as 'member' | 'admin')}
              options={[
                { value: 'member', label: t('addrbook.teams.roles.member') },
                { value: 'admin', label: t('addrbook.teams.roles.admin') },
              ]}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('addrbook.teams.inviteMessage')} htmlFor="add-members-message">
            <Input.TextArea
              id="add-members-message"
              rows={2}
              maxLength={200}
              showCount
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={t('addrbook.teams.inviteMessagePlaceholder', { name: team.name })}
            />
          </Form.Item>
        )}
      </Form>
    );
  }

  return (
    <Modal
      open={open}
      onCancel={handleClose}
      title={t('addrbook.teams.addMembersTitle', { name: team.name })}
      okText={
        way === 'add' ? t('addrbook.teams.addMembersOk') : t('addrbook.teams.sendInvitations')
      }
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => void handleOk()}
      confirmLoading={adding}
      destroyOnHidden
      width={480}
    >
      {body}
    </Modal>
  );
}
