// My friends, the detail side (`/addrbook/friend/:friendId`): the friend's card — picture,
// nickname, ID, my remark (备注), the group I keep them in, since when we are friends — and
// removing them after a confirmation.
import { useState } from 'react';
import {
  Button,
  Descriptions,
  Input,
  Modal,
  Result,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { friendRemarkMax, type Friend, type FriendGroup } from '@library/contract';
import { toast } from '../../../components/toast';
import { useIsMobile } from '../../../hooks/use-device-mode';
import { currentLocale } from '../../../lib/i18n';
import { formatShortDate } from '../../../lib/format';
import { useFriendGroups } from '../api/get-friend-groups';
import { useRemoveFriend } from '../api/remove-friend';
import { useUpdateFriend } from '../api/update-friend';
import { findFriend, friendDisplayName, friendGroupName } from '../lib/friend-groups';
import { sectionHref } from '../lib/sections';
import { FriendSpaces } from './FriendSpaces';
import { PersonAvatar } from './PersonAvatar';

export function FriendDetail({ friendId }: { friendId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useFriendGroups();

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
  if (!groups.data) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  const friend = findFriend(groups.data, friendId);
  if (!friend) {
    return (
      <Result
        status="404"
        title={t('addrbook.friends.notFound')}
        subTitle={t('addrbook.friends.notFoundHint')}
        extra={
          <Button onClick={() => navigate(sectionHref('friend'))}>
            {t('addrbook.friends.backToList')}
          </Button>
        }
      />
    );
  }
  // a new friend (another id) starts with its own remark field
  return <FriendCard key={friend.userId} friend={friend} groups={groups.data} />;
}

function FriendCard({ friend, groups }: { friend: Friend; groups: FriendGroup[] }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const update = useUpdateFriend();
  const remove = useRemoveFriend();
  const [remark, setRemark] = useState(friend.remark);
  const name = friendDisplayName(friend);
  const remarkChanged = remark.trim() !== friend.remark;

  const handleSaveRemark = () => {
    if (!remarkChanged || update.isPending) return;
    update.mutate(
      { userId: friend.userId, change: { remark: remark.trim() } },
      {
        onSuccess: (saved) => {
          setRemark(saved.remark);
          toast.success(
            saved.remark ? t('addrbook.friends.remarkSaved') : t('addrbook.friends.remarkCleared'),
          );
        },
      },
    );
  };

  const handleGroup = (groupId: string) => {
    const group = groups.find((candidate) => candidate.groupId === groupId);
    update.mutate(
      { userId: friend.userId, change: { groupId } },
      {
        onSuccess: () =>
          toast.success(
            t('addrbook.friends.movedToGroup', {
              group: group ? friendGroupName(group, t) : '',
            }),
          ),
      },
    );
  };

  const handleRemove = () => {
    void modal.confirm({
      title: t('addrbook.friends.removeTitle', { name }),
      content: t('addrbook.friends.removeText', { name }),
      okText: t('addrbook.friends.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(friend.userId);
        toast.success(t('addrbook.friends.removed', { name }));
        navigate(sectionHref('friend'), { replace: true });
      },
    });
  };

  return (
    <article className="addrbook-card" aria-labelledby="friend-card-title">
      <header className="addrbook-card-header">
        <PersonAvatar person={friend} size={mobile ? 52 : 64} />
        <div className="addrbook-card-heading">
          <Typography.Title level={4} id="friend-card-title" className="addrbook-card-title">
            {name}
          </Typography.Title>
          {name !== friend.nickname && (
            <Typography.Text type="secondary">
              {t('addrbook.friends.nicknameLine', { name: friend.nickname })}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" copyable={{ text: friend.userId }}>
            {t('addrbook.friends.userIdLine', { id: friend.userId })}
          </Typography.Text>
        </div>
      </header>
      <Descriptions
        column={1}
        size="middle"
        layout={mobile ? 'vertical' : 'horizontal'}
        colon={!mobile}
        className="addrbook-card-fields"
        items={[
          {
            key: 'remark',
            label: <label htmlFor="friend-remark">{t('addrbook.friends.remark')}</label>,
            children: (
              <Space.Compact block>
                <Input
                  id="friend-remark"
                  value={remark}
                  maxLength={friendRemarkMax}
                  placeholder={t('addrbook.friends.remarkPlaceholder')}
                  onChange={(event) => setRemark(event.target.value)}
                  onPressEnter={handleSaveRemark}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape' && remarkChanged) {
                      event.stopPropagation();
                      setRemark(friend.remark);
                    }
                  }}
                />
                <Button
                  type={remarkChanged ? 'primary' : 'default'}
                  disabled={!remarkChanged}
                  loading={update.isPending && update.variables?.change.remark !== undefined}
                  onClick={handleSaveRemark}
                >
                  {t('common.save')}
                </Button>
              </Space.Compact>
            ),
          },
          {
            key: 'group',
            label: <label htmlFor="friend-group">{t('addrbook.friends.group')}</label>,
            children: (
              <Select
                id="friend-group"
                className="addrbook-group-select"
                value={friend.groupId}
                onChange={handleGroup}
                loading={update.isPending && update.variables?.change.groupId !== undefined}
                options={groups.map((group) => ({
                  value: group.groupId,
                  label: friendGroupName(group, t),
                }))}
              />
            ),
          },
          {
            key: 'since',
            label: t('addrbook.friends.since'),
            children: formatShortDate(friend.createdAt, currentLocale()),
          },
        ]}
      />
      <FriendSpaces friendId={friend.userId} />
      {modalHolder}
      <footer className="addrbook-card-footer">
        <Button danger icon={<DeleteOutlined />} onClick={handleRemove}>
          {t('addrbook.friends.remove')}
        </Button>
      </footer>
    </article>
  );
}
