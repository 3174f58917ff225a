import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@library/contract';
import { resolveImagePath } from '../lib/image-path';

/** The user's picture, else the first character of the nickname. */
export function UserAvatar({
  user,
  size = 32,
}: {
  /** anyone with a nickname and a picture: the user, a page's author, a notification's actor */
  user: Pick<UserInfo, 'nickname' | 'avatar'> | undefined;
  size?: number;
}) {
  const src = resolveImagePath(user?.avatar);
  const initial = user?.nickname.trim().charAt(0).toUpperCase();
  return (
    <Avatar
      size={size}
      src={src}
      icon={!src && !initial ? <UserOutlined /> : undefined}
      className="user-avatar"
    >
      {!src ? initial : null}
    </Avatar>
  );
}
