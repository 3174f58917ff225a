// `/space-mobile`: my spaces on a phone (the guard sends /space here below 992 px) — the space
// groups in the sidebar's order with their spaces; a tap opens `/space-mobile/:spaceId`. Creating
// a space uses the sidebar's dialog; the new space opens at once.
import { Button, Empty, List, Result, Skeleton, Typography } from 'antd';
import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpaceGroup } from '@library/contract';
import { paths } from '../../../config/paths';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { spaceGroupName, useSpaceGroups } from '../../../lib/space-groups';
import { useFeature } from '../../../hooks/use-feature';
import { useCreateSpaceDialogStore } from '../stores/create-space-dialog-store';
import { useLastSelectedSpaceStore } from '../stores/space-prefs-store';
import { CreateSpaceDialog } from './CreateSpaceDialog';
import { MobileHeader } from './MobileHeader';
import './space.css';

export function SpaceMobileListScreen() {
  const { t } = useTranslation();
  const groups = useSpaceGroups();
  const showCreateSpace = useCreateSpaceDialogStore((state) => state.show);

  const canCreateSpace = useFeature('createSpace');
  const createButton = canCreateSpace && (
    <Button type="text" icon={<PlusOutlined />} onClick={() => showCreateSpace()}>
      {t('spaces.createSpace')}
    </Button>
  );

  let body;
  if (groups.isError && !groups.data) {
    body = (
      <Result
        status="warning"
        title={t('spaces.listFailed')}
        extra={
          <Button type="primary" onClick={() => void groups.refetch()}>
            {t('spaces.retry')}
          </Button>
        }
      />
    );
  } else if (!groups.data) {
    body = <Skeleton active avatar paragraph={{ rows: 6 }} />;
  } else if (groups.data.every((group) => group.spaceList.length === 0)) {
    body = (
      <Empty
        className="space-mobile-empty"
        description={
          <>
            <div className="sidebar-empty-title">{t('spaces.empty')}</div>
            <Typography.Text type="secondary">{t('spaces.emptyHint')}</Typography.Text>
          </>
        }
      >
        {canCreateSpace && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => showCreateSpace()}>
            {t('spaces.createSpace')}
          </Button>
        )}
      </Empty>
    );
  } else {
    body = groups.data.map((group) => <MobileSpaceGroup key={group.groupId} group={group} />);
  }

  return (
    <div className="space-mobile">
      <MobileHeader title={t('spaces.mySpaces')} actions={createButton} />
      {body}
      <CreateSpaceDialog />
    </div>
  );
}

function MobileSpaceGroup({ group }: { group: SpaceGroup }) {
  const { t } = useTranslation();
  const setLastSelected = useLastSelectedSpaceStore((state) => state.setSpaceId);
  const name = spaceGroupName(group, t);
  return (
    <section className="space-mobile-group" aria-label={name}>
      <Typography.Text type="secondary" className="space-mobile-group-name" ellipsis>
        {name}
      </Typography.Text>
      {group.spaceList.length === 0 ? (
        <Typography.Text type="secondary" className="space-mobile-group-empty">
          {t('spaces.groupNoSpaces')}
        </Typography.Text>
      ) : (
        <List
          className="space-mobile-list"
          dataSource={group.spaceList}
          rowKey={(space) => space.spaceId}
          renderItem={(space) => (
            <List.Item>
              <Link
                to={paths.spaceMobile.getHref(space.spaceId)}
                onClick={() => setLastSelected(space.spaceId)}
              >
                <span className="space-mobile-item">
                  <SpaceIcon space={space} size={28} />
                  <span className="open-space-text">
                    <Typography.Text ellipsis>{space.name}</Typography.Text>
                    {space.description && (
                      <Typography.Text type="secondary" className="open-space-description" ellipsis>
                        {space.description}
                      </Typography.Text>
                    )}
                  </span>
                  <RightOutlined className="space-mobile-chevron" />
                </span>
              </Link>
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
