import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';
import { limits } from '@library/contract';
import { formatBadgeCount } from './count-badge';

interface CountBadgeProps {
  count: number;
  max?: number;
  /** render nothing for zero (the default), or keep showing 0 */
  showZero?: boolean;
  /** the badge sits on the top-right corner of this element */
  children?: ReactNode;
  title?: string;
}

/** A red counter ('99+' above the max, spec §5). */
export function CountBadge({
  count,
  max = limits.badgeMax,
  showZero = false,
  children,
  title,
}: CountBadgeProps) {
  const { token } = theme.useToken();
  const hidden = count <= 0 && !showZero;
  const badgeStyle: CSSProperties = {
    display: 'inline-block',
    minWidth: 18,
    height: 18,
    padding: '0 5px',
    borderRadius: 9,
    background: token.colorError,
    color: '#fff',
    fontSize: 12,
    lineHeight: '18px',
    textAlign: 'center',
    whiteSpace: 'nowrap',
    boxShadow: `0 0 0 1px ${token.colorBgContainer}`,
    fontVariantNumeric: 'tabular-nums',
  };
  const badge = hidden ? null : (
    <sup className="count-badge" style={badgeStyle} title={title ?? String(count)}>
      {formatBadgeCount(count, max)}
    </sup>
  );
  if (!children) return badge;
  return (
    <span style={{ position: 'relative', display: 'inline-block' }}>
      {children}
      {badge && (
        <span style={{ position: 'absolute', top: 0, right: 0, transform: 'translate(50%, -50%)' }}>
          {badge}
        </span>
      )}
    </span>
  );
}
