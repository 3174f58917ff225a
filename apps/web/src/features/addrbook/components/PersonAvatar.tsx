import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { resolveImagePath } from '../../../lib/image-path';

/** Someone's picture (a friend, a member, an invite's other side), else their first character. */
export function PersonAvatar({
  person,
  size = 36,
}: {
  person: { nickname: string; avatar: string | null } | undefined;
  size?: number;
}) {
  const src = resolveImagePath(person?.avatar);
  const initial = person?.nickname.trim().charAt(0).toUpperCase();
  return (
    <Avatar
      size={size}
      src={src}
      icon={!src && !initial ? <UserOutlined /> : undefined}
      className="addrbook-avatar"
      aria-hidden
    >
      {!src ? initial : null}
    </Avatar>
  );
}
