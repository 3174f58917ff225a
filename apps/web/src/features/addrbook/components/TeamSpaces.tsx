// The spaces a team is in: each space the team's people reach through a member group holding the
// team (or a team above it), with the role that group gives.
import { Button, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeamSpace } from '@library/contract';
import { paths } from '../../../config/paths';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { useTeamSpaces } from '../api/get-team-spaces';

export function TeamSpaces({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const spaces = useTeamSpaces(teamId);

  let body;
  if (spaces.isError && !spaces.data) {
    body = (
      <Result
        status="warning"
        title={t('addrbook.teams.spacesFailed')}
        extra={<Button onClick={() => void spaces.refetch()}>{t('addrbook.common.retry')}</Button>}
      />
    );
  } else if (!spaces.data) {
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  } else if (spaces.data.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('addrbook.teams.noSpaces')}
        className="addrbook-empty-small"
      />
    );
  } else {
    body = (
      <ul className="addrbook-list addrbook-spaces">
        {spaces.data.map((space) => (
          <SpaceRow key={`${space.spaceId}-${space.memberGroupId}`} space={space} teamId={teamId} />
        ))}
      </ul>
    );
  }

  return (
    <section className="addrbook-section" aria-labelledby="team-spaces-title">
      <Typography.Title level={5} id="team-spaces-title" className="addrbook-section-title">
        {t('addrbook.teams.spaces')}
      </Typography.Title>
      {body}
    </section>
  );
}

function SpaceRow({ space, teamId }: { space: TeamSpace; teamId: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={paths.space.getHref(space.spaceId)} className="addrbook-item">
        <SpaceIcon space={space} size={32} />
        <span className="addrbook-item-text">
          <span className="addrbook-item-title">{space.name}</span>
          <span className="addrbook-item-subtitle">
            {space.viaTeamId === teamId
              ? t('addrbook.teams.spaceGroup', { group: space.memberGroupName })
              : t('addrbook.teams.spaceGroupVia', {
                  group: space.memberGroupName,
                  team: space.viaTeamName,
                })}
          </span>
        </span>
        <Tag className="addrbook-space-role">{t(`addrbook.teams.spaceRoles.${space.role}`)}</Tag>
      </Link>
    </li>
  );
}
