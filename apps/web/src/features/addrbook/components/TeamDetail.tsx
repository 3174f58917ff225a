// My teams, the detail side (`/addrbook/team/:teamId`): where the team sits in its tree, what I may
// do with it (managers: add members, sub-team, rename, move, delete; everyone but the creator:
// leave), its members with their roles, its join link and the spaces it is in. A team I am not in
// answers 404: with a join code (`?join=`) that is the request-to-join card, else 'not found'.
import { useState } from 'react';
import {
  Breadcrumb,
  Button,
  Dropdown,
  List,
  Modal,
  Result,
  Select,
  Skeleton,
  Space,
  Tooltip,
  Typography,
  type MenuProps,
} from 'antd';
import {
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  LogoutOutlined,
  MoreOutlined,
  PlusOutlined,
  UserAddOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Team, TeamDetail as TeamDetailData, TeamMember } from '@library/contract';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { currentLocale } from '../../../lib/i18n';
import { formatShortDate } from '../../../lib/format';
import { useCurrentUser } from '../../auth';
import { useDeleteTeam } from '../api/delete-team';
import { useTeam } from '../api/get-team';
import { useTeams } from '../api/get-teams';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useSetTeamMemberRole } from '../api/set-team-member-role';
import { isNotFound } from '../lib/api-errors';
import { sectionHref } from '../lib/sections';
import { teamPath } from '../lib/team-tree';
import { AddMembersDialog } from './AddMembersDialog';
import { JoinTeamCard } from './JoinTeamCard';
import { MoveTeamDialog } from './MoveTeamDialog';
import { PersonAvatar } from './PersonAvatar';
import { TeamJoinLink } from './TeamJoinLink';
import { TeamNameDialog, type TeamNameIntent } from './TeamNameDialog';
import { TeamRoleTag } from './TeamRoleTag';
import { TeamSpaces } from './TeamSpaces';

const roleOrder = { owner: 0, admin: 1, member: 2 } as const;

export function TeamDetail({ teamId, joinCode }: { teamId: string; joinCode: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const team = useTeam(teamId);

  if (team.isError && !team.data) {
    if (isNotFound(team.error)) {
      if (joinCode) return <JoinTeamCard teamId={teamId} code={joinCode} />;
      return (
        <Result
          status="404"
          title={t('addrbook.teams.notFound')}
          subTitle={t('addrbook.teams.notFoundHint')}
          extra={
            <Button onClick={() => navigate(sectionHref('team'))}>
              {t('addrbook.teams.backToList')}
            </Button>
          }
        />
      );
    }
    return (
      <Result
        status="warning"
        title={t('addrbook.teams.detailFailed')}
        extra={
          <Button type="primary" onClick={() => void team.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!team.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <TeamView team={team.data} joinCode={joinCode} />;
}

function TeamView({ team, joinCode }: { team: TeamDetailData; joinCode: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teams = useTeams().data ?? [];
  const me = useCurrentUser().data;
  const [modal, modalHolder] = Modal.useModal();
  const [nameIntent, setNameIntent] = useState<TeamNameIntent | null>(null);
  const [moving, setMoving] = useState<Team | null>(null);
  const [addingMembers, setAddingMembers] = useState(false);
  const remove = useDeleteTeam();
  const removeMember = useRemoveTeamMember(team.teamId);

  const ancestors = teamPath(teams, team.teamId);
  const isMember = team.myRole !== null;
  const canLeave = isMember && team.myRole !== 'owner' && me !== undefined;
  const subTeamCount = teams.filter((candidate) => candidate.parentId === team.teamId).length;

  const handleDelete = () => {
    void modal.confirm({
      title: t('addrbook.teams.deleteTitle', { name: team.name }),
      content:
        subTeamCount > 0
          ? t('addrbook.teams.deleteTextWithSubs', { count: subTeamCount })
          : t('addrbook.teams.deleteText'),
      okText: t('addrbook.teams.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(team.teamId);
        toast.success(t('addrbook.teams.deleted', { name: team.name }));
        navigate(
          team.parentId ? paths.addressBookTeam.getHref(team.parentId) : sectionHref('team'),
          { replace: true },
        );
      },
    });
  };

  const handleLeave = () => {
    if (!me) return;
    void modal.confirm({
      title: t('addrbook.teams.leaveTitle', { name: team.name }),
      content: t('addrbook.teams.leaveText'),
      okText: t('addrbook.teams.leave'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await removeMember.mutateAsync(me.userId);
        toast.success(t('addrbook.teams.left', { name: team.name }));
        navigate(sectionHref('team'), { replace: true });
      },
    });
  };

  const moreItems: MenuProps['items'] = [
    ...(team.canManage
      ? [
          { key: 'rename', icon: <EditOutlined />, label: t('addrbook.teams.rename') },
          ...(team.parentId
            ? [{ key: 'move', icon: <DragOutlined />, label: t('addrbook.teams.move') }]
            : []),
        ]
      : []),
    ...(canLeave
      ? [{ key: 'leave', icon: <LogoutOutlined />, label: t('addrbook.teams.leave'), danger: true }]
      : []),
    ...(team.canManage
      ? [
          { type: 'divider' as const },
          {
            key: 'delete',
            icon: <DeleteOutlined />,
            label: t('addrbook.teams.delete'),
            danger: true,
          },
        ]
      : []),
  ];

  const handleMore: MenuProps['onClick'] = ({ key }) => {
    if (key === 'rename') setNameIntent({ kind: 'rename', team });
    else if (key === 'move')
      setMoving(teams.find((candidate) => candidate.teamId === team.teamId) ?? team);
    else if (key === 'leave') handleLeave();
    else if (key === 'delete') handleDelete();
  };

  return (
    <article className="addrbook-card addrbook-team" aria-labelledby="team-title">
      {ancestors.length > 0 && (
        <Breadcrumb
          className="addrbook-team-path"
          items={ancestors.map((ancestor) => ({
            key: ancestor.teamId,
            title: <Link to={paths.addressBookTeam.getHref(ancestor.teamId)}>{ancestor.name}</Link>,
          }))}
        />
      )}
      <header className="addrbook-team-header">
        <div className="addrbook-card-heading">
          <Typography.Title level={4} id="team-title" className="addrbook-card-title">
            {team.name}
          </Typography.Title>
          <Space size={4} wrap>
            <TeamRoleTag role={team.myRole} />
            {!isMember && (
              <Typography.Text type="secondary">
                {t('addrbook.teams.seenThroughTree')}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">
              {t('addrbook.teams.createdOn', {
                date: formatShortDate(team.createdAt, currentLocale()),
              })}
            </Typography.Text>
          </Space>
        </div>
        <Space wrap className="addrbook-team-actions">
          {team.canManage && (
            <>
              <Button
                type="primary"
                icon={<UserAddOutlined />}
                onClick={() => setAddingMembers(true)}
              >
                {t('addrbook.teams.addMembers')}
              </Button>
              <Button
                icon={<PlusOutlined />}
                onClick={() => setNameIntent({ kind: 'create', parent: team })}
              >
                {t('addrbook.teams.createSub')}
              </Button>
            </>
          )}
          {moreItems.length > 0 && (
            <Dropdown menu={{ items: moreItems, onClick: handleMore }} trigger={['click']}>
              <Button icon={<MoreOutlined />} aria-label={t('addrbook.teams.moreActions')} />
            </Dropdown>
          )}
        </Space>
      </header>

      {joinCode && isMember && (
        <Typography.Paragraph type="success" className="addrbook-team-note" role="status">
          {t('addrbook.teams.alreadyMember')}
        </Typography.Paragraph>
      )}
      {/* seen through the tree but not in this team: the join link still asks to join it */}
      {joinCode && !isMember && <JoinTeamCard teamId={team.teamId} code={joinCode} />}

      <TeamMembers team={team} myId={me?.userId ?? null} />
      {team.canManage && <TeamJoinLink team={team} />}
      <TeamSpaces teamId={team.teamId} />

      <TeamNameDialog intent={nameIntent} onClose={() => setNameIntent(null)} />
      <MoveTeamDialog team={moving} teams={teams} onClose={() => setMoving(null)} />
      {team.canManage && (
        <AddMembersDialog
          team={team}
          open={addingMembers}
          onClose={() => setAddingMembers(false)}
        />
      )}
      {modalHolder}
    </article>
  );
}

function TeamMembers({ team, myId }: { team: TeamDetailData; myId: string | null }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const setRole = useSetTeamMemberRole(team.teamId);
  const removeMember = useRemoveTeamMember(team.teamId);
  const members = [...team.members].sort(
    (a, b) => roleOrder[a.role] - roleOrder[b.role] || a.joinedAt.localeCompare(b.joinedAt),
  );

  const handleRemove = (member: TeamMember) => {
    void modal.confirm({
      title: t('addrbook.teams.removeMemberTitle', { name: member.nickname }),
      content: t('addrbook.teams.removeMemberText', { team: team.name }),
      okText: t('addrbook.teams.removeMember'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await removeMember.mutateAsync(member.userId);
        toast.success(t('addrbook.teams.memberRemoved', { name: member.nickname }));
      },
    });
  };

  return (
    <section className="addrbook-section" aria-labelledby="team-members-title">
      <Typography.Title level={5} id="team-members-title" className="addrbook-section-title">
        {t('addrbook.teams.members', { count: team.members.length })}
      </Typography.Title>
      <List
        className="addrbook-members"
        dataSource={members}
        rowKey="userId"
        locale={{ emptyText: t('addrbook.teams.noMembers') }}
        renderItem={(member) => {
          const isMe = member.userId === myId;
          const manageable = team.canManage && member.role !== 'owner' && !isMe;
          return (
            <List.Item
              actions={
                manageable
                  ? [
                      <Select<'admin' | 'member'>
                        key="role"
                        size="small"
                        value={member.role === 'admin' ? 'admin' : 'member'}
                        aria-label={t('addrbook.teams.roleOf', { name: member.nickname })}
                        onChange={(role) => {
                          setRole.mutate(
                            { userId: member.userId, role },
                            {
                              onSuccess: () =>
                                toast.success(
                                  t('addrbook.teams.roleChanged', {
                                    name: member.nickname,
                                    role: t(`addrbook.teams.roles.${role}`),
                                  }),
                                ),
                            },
                          );
                        }}
                        options={[
                          { value: 'member', label: t('addrbook.teams.roles.member') },
                          { value: 'admin', label: t('addrbook.teams.roles.admin') },
                        ]}
                        className="addrbook-role-select"
                      />,
                      <Tooltip key="remove" title={t('addrbook.teams.removeMember')}>
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<UserDeleteOutlined />}
                          aria-label={t('addrbook.teams.removeMemberLabel', {
                            name: member.nickname,
                          })}
                          onClick={() => handleRemove(member)}
                        />
                      </Tooltip>,
                    ]
                  : [<TeamRoleTag key="role" role={member.role} />]
              }
            >
              <List.Item.Meta
                avatar={<PersonAvatar person={member} />}
                title={
                  <span>
                    {member.nickname}
                    {isMe && (
                      <Typography.Text type="secondary"> {t('addrbook.teams.me')}</Typography.Text>
                    )}
                  </span>
                }
                description={t('addrbook.teams.joinedOn', {
                  date: formatShortDate(member.joinedAt, currentLocale()),
                })}
              />
            </List.Item>
          );
        }}
      />
      {modalHolder}
    </section>
  );
}
