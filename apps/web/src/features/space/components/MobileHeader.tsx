// The title bar of the phone's space screens (my spaces, a space, a page, an open space): back,
// an icon, the title and the screen's actions, in the shape of the mobile AI chat's header.
import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

interface MobileHeaderProps {
  /** where back goes; without it there is no back button */
  back?: string;
  backLabel?: string;
  icon?: ReactNode;
  title: ReactNode;
  actions?: ReactNode;
}

export function MobileHeader({ back, backLabel, icon, title, actions }: MobileHeaderProps) {
  return (
    <div className="space-mobile-header">
      {back !== undefined && (
        <Link to={back} aria-label={backLabel}>
          <Button type="text" icon={<LeftOutlined />} tabIndex={-1} />
        </Link>
      )}
      {icon}
      <Typography.Title level={4} className="space-mobile-title" ellipsis>
        {title}
      </Typography.Title>
      {actions}
    </div>
  );
}
