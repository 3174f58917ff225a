// `/open-space/mobile`: the spaces open to visitors, on a phone (the guard sends every
// /open-space/… here on mobile). A logged-in user opens one in the mobile space view as a
// visitor; anyone else logs in first and lands there.
import { useState } from 'react';
import { Alert, Button, Empty, Layout, List, Result, Skeleton, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { askToLogIn } from '../../auth/session';
import { useSessionStore } from '../../auth/stores/session-store';
import { SpaceIcon } from '../../layout/components/SpaceIcon';
import { useOpenSpaces } from '../api/get-open-spaces';
import './space.css';

const pageSize = 20;

export function OpenSpaceMobileScreen() {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((state) => state.token !== null);
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

  const screen = (
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
          renderItem={(space) => {
            const href = paths.spaceMobile.getHref(space.spaceId);
            const content = (
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
            );
            return (
              <List.Item>
                {loggedIn ? (
                  <Link to={href}>{content}</Link>
                ) : (
                  <a
                    href={href}
                    onClick={(event) => {
                      event.preventDefault();
                      askToLogIn(href);
                    }}
                  >
                    {content}
                  </a>
                )}
              </List.Item>
            );
          }}
        />
      )}
    </div>
  );
  // without a login there is no app shell around the screen: antd's layout gives it the theme
  return loggedIn ? screen : <Layout className="open-spaces-frame">{screen}</Layout>;
}
