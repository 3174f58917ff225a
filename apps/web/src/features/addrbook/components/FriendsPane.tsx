// My friends, the list side: the search box (GET /api/v1/friend?keywords once typing pauses), and
// without a search my friend groups in my order, each folding open or shut, with their friends.
import { useState } from 'react';
import { Button, Empty, Input, Result, Skeleton, Tooltip, Typography } from 'antd';
import {
  DownOutlined,
  RightOutlined,
  SearchOutlined,
  SettingOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Friend, FriendGroup } from '@library/contract';
import { paths } from '../../../config/paths';
import { useFeature } from '../../../hooks/use-feature';
import { useFriendGroups } from '../api/get-friend-groups';
import { useFriendSearch } from '../api/get-friends';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { countFriends, friendDisplayName, friendGroupName } from '../lib/friend-groups';
import { PersonAvatar } from './PersonAvatar';

/** Quiet time after the last key before the search asks the server. */
export const friendSearchDelayMs = 300;

interface FriendsPaneProps {
  onAddFriend: () => void;
  onManageGroups: () => void;
}

export function FriendsPane({ onAddFriend, onManageGroups }: FriendsPaneProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keywords = useDebouncedValue(search.trim(), friendSearchDelayMs);
  const canAddFriend = useFeature('addFriend');

  return (
    <div className="addrbook-pane-body">
      <div className="addrbook-toolbar">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('addrbook.friends.searchPlaceholder')}
          aria-label={t('addrbook.friends.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
        />
        <Tooltip title={canAddFriend ? t('addrbook.addFriend.title') : t('common.featureOff')}>
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            aria-label={t('addrbook.addFriend.title')}
            onClick={onAddFriend}
            disabled={!canAddFriend}
          />
        </Tooltip>
        <Tooltip title={t('addrbook.groups.manage')}>
          <Button
            icon={<SettingOutlined />}
            aria-label={t('addrbook.groups.manage')}
            onClick={onManageGroups}
          />
        </Tooltip>
      </div>
      {keywords ? (
        <FriendSearchResults keywords={keywords} />
      ) : (
        <FriendGroupList onAddFriend={onAddFriend} canAddFriend={canAddFriend} />
      )}
    </div>
  );
}

function FriendGroupList({
  onAddFriend,
  canAddFriend,
}: {
  onAddFriend: () => void;
  canAddFriend: boolean;
}) {
  const { t } = useTranslation();
  const groups = useFriendGroups();
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());

  if (groups.isError && !groups.data) {
    return (
      <Result
        status="warning"
        title={t('addrbook.friends.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void groups.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!groups.data) {
    return <Skeleton active avatar paragraph={{ rows: 4 }} className="addrbook-skeleton" />;
  }
  if (countFriends(groups.data) === 0) {
    return (
      <Empty
        className="addrbook-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div className="addrbook-empty-title">{t('addrbook.friends.empty')}</div>
            <Typography.Text type="secondary">{t('addrbook.friends.emptyHint')}</Typography.Text>
          </>
        }
      >
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={onAddFriend}
          disabled={!canAddFriend}
        >
          {t('addrbook.addFriend.title')}
        </Button>
      </Empty>
    );
  }

  const toggle = (groupId: string) =>
    setFolded((current) => {
      const next = new Set(current);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });

  return (
    <div className="addrbook-scroll">
      {groups.data.map((group: FriendGroup) => {
        const open = !folded.has(group.groupId);
        const listId = `friend-group-${group.groupId}`;
        return (
          <section key={group.groupId} className="addrbook-group">
            <button
              type="button"
              className="addrbook-group-header"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => toggle(group.groupId)}
            >
              {open ? <DownOutlined /> : <RightOutlined />}
              <span className="addrbook-group-name">{friendGroupName(group, t)}</span>
              <span className="addrbook-group-count">{group.friendList.length}</span>
            </button>
            {open && (
              <ul id={listId} className="addrbook-list">
                {group.friendList.map((friend) => (
                  <FriendItem key={friend.userId} friend={friend} />
                ))}
                {group.friendList.length === 0 && (
                  <li className="addrbook-group-empty">{t('addrbook.groups.noFriends')}</li>
                )}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function FriendSearchResults({ keywords }: { keywords: string }) {
  const { t } = useTranslation();
  const results = useFriendSearch(keywords);
  if (results.isError && !results.data) {
    return (
      <Result
        status="warning"
        title={t('addrbook.friends.searchFailed')}
        extra={
          <Button type="primary" onClick={() => void results.refetch()}>
            {t('addrbook.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!results.data) {
    return <Skeleton active avatar paragraph={{ rows: 3 }} className="addrbook-skeleton" />;
  }
  if (results.data.list.length === 0) {
    return (
      <Empty
        className="addrbook-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('addrbook.friends.noMatch', { keywords })}
      />
    );
  }
  return (
    <div className="addrbook-scroll" aria-busy={results.isFetching}>
      <div className="addrbook-result-count" role="status">
        {t('addrbook.friends.matchCount', { count: results.data.total })}
      </div>
      <ul className="addrbook-list">
        {results.data.list.map((friend) => (
          <FriendItem key={friend.userId} friend={friend} />
        ))}
      </ul>
    </div>
  );
}

function FriendItem({ friend }: { friend: Friend }) {
  const name = friendDisplayName(friend);
  return (
    <li>
      <NavLink to={paths.addressBookFriend.getHref(friend.userId)} className="addrbook-item">
        <PersonAvatar person={friend} />
        <span className="addrbook-item-text">
          <span className="addrbook-item-title">{name}</span>
          {name !== friend.nickname && (
            <span className="addrbook-item-subtitle">{friend.nickname}</span>
          )}
        </span>
      </NavLink>
    </li>
  );
}
