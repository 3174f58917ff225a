import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamRole } from '@library/contract';

const colors: Record<TeamRole, string | undefined> = {
  owner: 'gold',
  admin: 'blue',
  member: undefined,
};

/** 创建者 / 管理员 / 成员; `compact` (the tree) leaves plain members untagged. */
export function TeamRoleTag({
  role,
  compact = false,
}: {
  role: TeamRole | null;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (role === null || (compact && role === 'member')) return null;
  return (
    <Tag
      color={colors[role]}
      className="addrbook-role-tag"
      variant={compact ? 'filled' : undefined}
    >
      {t(`addrbook.teams.roles.${role}`)}
    </Tag>
  );
}
