// `/open-space/mobile`: open spaces on a phone (the guard sends every /open-space/… here on
// mobile, keeping the space and page in the query). Without `space`: the list of spaces open to
// visitors. With `space` (and `page`): that space's content list or that page, for anonymous
// visitors, under a title bar with back and the way in (logging in continues on the member view
// of the same space or page); a logged-in user goes on to the mobile space view of the same place
// instead.
import { useState } from 'react';
import { Alert, Button, Empty, Layout, List, Result, Skeleton, Typography } from 'antd';
import { LoginOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { askToLogIn } from '../../auth';
import { useSessionStore } from '../../../stores/session-store';
import { SpaceIcon } from '../../../components/SpaceIcon';
import { PageScreen, usePage } from '../../page';
import { useOpenSpaces } from '../api/get-open-spaces';
import { openSpaceMobileHref } from '../../../config/space-hrefs';
import { MobileHeader } from './MobileHeader';
import { SpaceMobileView } from './SpaceMobileScreen';
import './space.css';

const pageSize = 20;

export function OpenSpaceMobileScreen() {
  const [params] = useSearchParams();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const spaceId = params.get('space');
  const pageId = params.get('page');

  if (spaceId && loggedIn) {
    const to = pageId
      ? paths.spaceMobilePage.getHref(spaceId, pageId)
      : paths.spaceMobile.getHref(spaceId);
    return <Navigate to={to} replace />;
  }
  const screen = !spaceId ? (
    <OpenSpaceList loggedIn={loggedIn} />
  ) : pageId ? (
    <OpenSpacePage key={pageId} spaceId={spaceId} pageId={pageId} />
  ) : (
    <SpaceMobileView
      key={spaceId}
      kind="open-space"
      spaceId={spaceId}
      back={paths.openSpaceMobile.getHref()}
      actions={<VisitorLogIn then={paths.spaceMobile.getHref(spaceId)} />}
    />
  );
  // without a login there is no app shell around the screen: antd's layout gives it the theme
  return loggedIn ? screen : <Layout className="open-spaces-frame">{screen}</Layout>;
}

/** A visitor's way in from a title bar; after the login the member view of `then` opens. */
function VisitorLogIn({ then }: { then: string }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" size="small" icon={<LoginOutlined />} onClick={() => askToLogIn(then)}>
      {t('spaces.logIn')}
    </Button>
  );
}

function OpenSpacePage({ spaceId, pageId }: { spaceId: string; pageId: string }) {
  const { t } = useTranslation();
  const page = usePage(pageId);
  return (
    <div className="space-mobile-page">
      <MobileHeader
        back={openSpaceMobileHref(spaceId)}
        backLabel={t('spaces.backToSpaces')}
        title={page.data ? page.data.title || t('page.untitled') : ''}
        actions={<VisitorLogIn then={paths.spaceMobilePage.getHref(spaceId, pageId)} />}
      />
      <PageScreen pageId={pageId} />
    </div>
  );
}

function OpenSpaceList({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useOpenSpaces(page, pageSize);

  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('spaces.openSpacesFailed')}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('spaces.retry')}
          </Button>
        }
      />
    );
  }
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} className="space-mobile" />;
  const { list, total } = query.data;

  return (
    <div className="space-mobile">
      <div className="space-mobile-header">
        <Typography.Title level={4} className="space-mobile-title">
          {t('spaces.openSpaces')}
        </Typography.Title>
      </div>
      {!loggedIn && (
        <Alert
          type="info"
          showIcon
          className="open-spaces-login"
          title={t('spaces.openSpacesLogin')}
          action={
            <Button size="small" type="primary" onClick={() => askToLogIn(paths.home.path)}>
              {t('spaces.logIn')}
            </Button>
          }
        />
      )}
      {list.length === 0 ? (
        <Empty description={t('spaces.openSpacesEmpty')} />
      ) : (
        <List
          className="space-mobile-list"
          dataSource={list}
          rowKey={(space) => space.spaceId}
          pagination={
            total > pageSize
              ? {
                  current: page + 1,
                  pageSize,
                  total,
                  simple: true,
                  onChange: (n) => setPage(n - 1),
                }
              : false
          }
          renderItem={(space) => (
            <List.Item>
              <Link to={openSpaceMobileHref(space.spaceId)}>
                <span className="space-mobile-item">
                  <SpaceIcon space={space} size={24} />
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
    </div>
  );
}
