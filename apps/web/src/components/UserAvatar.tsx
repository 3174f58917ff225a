import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@library/contract';
import { resolveImagePath } from '../lib/image-path';

/** The user's picture, else the first character of the nickname. */
export function UserAvatar({ user, size = 32 }: { user: UserInfo | undefined; size?: number }) {
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
