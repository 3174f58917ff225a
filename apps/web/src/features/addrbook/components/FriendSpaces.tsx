// The spaces a friend and I are both members of, with the friend's role in each.
import { Button, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { useSharedSpaces } from '../api/get-shared-spaces';

export function FriendSpaces({ friendId }: { friendId: string }) {
  const { t } = useTranslation();
  const spaces = useSharedSpaces(friendId);

  let body;
  if (spaces.isError && !spaces.data) {
    body = (
      <Result
        status="warning"
        title={t('addrbook.friends.spacesFailed')}
        extra={<Button onClick={() => void spaces.refetch()}>{t('addrbook.common.retry')}</Button>}
      />
    );
  } else if (!spaces.data) {
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  } else if (spaces.data.length === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('addrbook.friends.noSpaces')}
        className="addrbook-empty-small"
      />
    );
  } else {
    body = (
      <ul className="addrbook-list addrbook-spaces">
        {spaces.data.map((space) => (
          <li key={space.spaceId}>
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
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="addrbook-section" aria-labelledby="friend-spaces-title">
      <Typography.Title level={5} id="friend-spaces-title" className="addrbook-section-title">
        {t('addrbook.friends.spaces')}
      </Typography.Title>
      {body}
    </section>
  );
}
