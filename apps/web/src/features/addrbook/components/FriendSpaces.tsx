// The spaces a friend and I are both members of, with the friend's role in each.
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { useSharedSpaces } from '../api/get-shared-spaces';
import { SpacesSection } from './SpacesSection';

export function FriendSpaces({ friendId }: { friendId: string }) {
  const { t } = useTranslation();
  return (
    <SpacesSection
      id="friend-spaces-title"
      title={t('addrbook.friends.spaces')}
      failedText={t('addrbook.friends.spacesFailed')}
      emptyText={t('addrbook.friends.noSpaces')}
      spaces={useSharedSpaces(friendId)}
      rowKey={(space) => space.spaceId}
      renderRow={(space) => (
        <Link to={paths.space.getHref(space.spaceId)} className="addrbook-item">
          <SpaceIcon space={space} size={32} />
          <span className="addrbook-item-text">
            <span className="addrbook-item-title">{space.name}</span>
            <span className="addrbook-item-subtitle">
              {t('addrbook.friends.theirRole', {
                role: t(`addrbook.teams.spaceRoles.${space.friendRole}`),
              })}
            </span>
          </span>
          <Tag className="addrbook-space-role">
            {t('addrbook.friends.myRole', {
              role: t(`addrbook.teams.spaceRoles.${space.myRole}`),
            })}
          </Tag>
        </Link>
      )}
    />
  );
}
