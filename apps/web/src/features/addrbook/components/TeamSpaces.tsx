// The spaces a team is in: each space the team's people reach through a member group holding the
// team (or a team above it), with the role that group gives.
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeamSpace } from '@library/contract';
import { paths } from '../../../config/paths';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { useTeamSpaces } from '../api/get-team-spaces';
import { SpacesSection } from './SpacesSection';

export function TeamSpaces({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  return (
    <SpacesSection
      id="team-spaces-title"
      title={t('addrbook.teams.spaces')}
      failedText={t('addrbook.teams.spacesFailed')}
      emptyText={t('addrbook.teams.noSpaces')}
      spaces={useTeamSpaces(teamId)}
      rowKey={(space) => `${space.spaceId}-${space.memberGroupId}`}
      renderRow={(space) => <SpaceRow space={space} teamId={teamId} />}
    />
  );
}

function SpaceRow({ space, teamId }: { space: TeamSpace; teamId: string }) {
  const { t } = useTranslation();
  return (
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
  );
}
