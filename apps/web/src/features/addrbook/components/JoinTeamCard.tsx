// Opening a team's join link (`/addrbook/team/:teamId?join=<code>`) when I am not in that team:
// the team the link leads to and a request to join (with a message), or my request still
// waiting, or — the link reset or the team gone — that the link no longer works.
import { Button, Card, Input, Result, Skeleton, Typography } from 'antd';
import { ClockCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/toast';
import { currentLocale } from '../../../lib/i18n';
import { useTeamJoinPreview } from '../api/get-team-join-preview';
import { useJoinTeam } from '../api/join-team';
import { isDeadJoinCode } from '../lib/api-errors';
import { formatFullTime } from '../lib/format-time';
import { sectionHref } from '../lib/sections';

/** The message a join request may carry (the contract's limit). */
export const joinMessageMax = 200;

export function JoinTeamCard({ teamId, code }: { teamId: string; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const preview = useTeamJoinPreview(code);
  const join = useJoinTeam();
  const [message, setMessage] = useState('');

  if (preview.isError && !preview.data) {
    if (isDeadJoinCode(preview.error)) {
      return (
        <Result
          status="warning"
          title={t('addrbook.join.expired')}
          subTitle={t('addrbook.join.expiredHint')}
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
        title={t('addrbook.join.loadFailed')}
        subTitle={preview.error.message}
        extra={
          <Button type="primary" onClick={() => void preview.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!preview.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const team = preview.data;

  const handleJoin = async () => {
    try {
      await join.mutateAsync({ code, message: message.trim() });
      toast.success(t('addrbook.join.requested', { name: team.name }));
    } catch {
      // shown by the API client
    }
  };

  const path = [...team.path, team.name].join(' / ');
  return (
    <Card className="addrbook-join-card" aria-labelledby="join-card-title">
      <div className="addrbook-join-icon" aria-hidden>
        <TeamOutlined />
      </div>
      <Typography.Title level={4} id="join-card-title" className="addrbook-join-title">
        {t('addrbook.join.title', { name: team.name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {team.path.length > 0 && <span className="addrbook-join-path">{path} · </span>}
        {t('addrbook.teams.memberCount', { count: team.memberCount })}
      </Typography.Paragraph>
      {team.isMember ? (
        <>
          <Typography.Paragraph>{t('addrbook.join.alreadyMember')}</Typography.Paragraph>
          <Button
            type="primary"
            onClick={() => navigate(paths.addressBookTeam.getHref(team.teamId))}
          >
            {t('addrbook.join.openTeam')}
          </Button>
        </>
      ) : team.pendingRequest ? (
        <Typography.Paragraph className="addrbook-join-pending" role="status">
          <ClockCircleOutlined />{' '}
          {t('addrbook.join.pending', {
            time: formatFullTime(team.pendingRequest.createdAt, currentLocale()),
          })}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>{t('addrbook.join.text')}</Typography.Paragraph>
          <Input.TextArea
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={joinMessageMax}
            showCount
            rows={3}
            placeholder={t('addrbook.join.messagePlaceholder')}
            aria-label={t('addrbook.join.message')}
            className="addrbook-join-message"
          />
          <Button
            type="primary"
            size="large"
            loading={join.isPending}
            onClick={() => void handleJoin()}
          >
            {t('addrbook.join.request')}
          </Button>
        </>
      )}
      {team.teamId !== teamId && (
        <Typography.Paragraph type="secondary" className="addrbook-join-note">
          {t('addrbook.join.otherTeam')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
