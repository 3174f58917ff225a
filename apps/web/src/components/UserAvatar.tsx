// A person's round picture, else the first character of their nickname on the brand colour. Drawn
// here rather than with antd's Avatar: the header shows it on every first visit, and Avatar brings
// Avatar.Group and its popover into that download.
import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@library/contract';
import { resolveImagePath } from '../lib/image-path';

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
    <span
      className={`user-avatar${src ? ' user-avatar-image' : ''}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      aria-hidden
    >
      {src ? <img src={src} alt="" /> : initial || <UserOutlined />}
    </span>
  );
}
