import { isAppPath } from '../../../lib/navigation';

/**
 * `?back=`: where the quota toast's 'upgrade' was pressed, for the success view's way back —
 * only ever a path inside this app.
 */
export function backParam(value: string | null): string | undefined {
  return value && isAppPath(value) ? value : undefined;
}
