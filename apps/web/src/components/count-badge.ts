import { limits } from '@library/contract';

/** Spec §5: a counter badge shows 'max+' above max (default 99). */
export function formatBadgeCount(count: number, max: number = limits.badgeMax): string {
  return count > max ? `${max}+` : String(count);
}
