// The inbox as it is drawn: notifications (newest first, as the pages came) folded into rows and
// the rows grouped by day. Several notifications of one kind about one page within a minute are
// one row ('张三 等 3 条'): a lively discussion is one line to open, not a screenful.
import type { Notification } from '@library/contract';
import { groupByDay, type DayGroup } from '../../../lib/group-by-day';

/** notifications this close to a row's newest one join it */
export const foldWindowMs = 60_000;

export interface InboxRow {
  /** the newest notification's id */
  key: string;
  /** the newest notification, which the row shows and opens */
  lead: Notification;
  /** every notification of the row, newest first (the lead among them) */
  items: Notification[];
  /** any of them unread */
  unread: boolean;
}

function joins(row: InboxRow, item: Notification): boolean {
  if (!item.pageId || item.pageId !== row.lead.pageId || item.type !== row.lead.type) return false;
  const gap = Date.parse(row.lead.createdAt) - Date.parse(item.createdAt);
  return Math.abs(gap) <= foldWindowMs;
}

/**
 * Folds a newest-first list into rows; a notification already seen is skipped (a page asked for
 * after new ones arrived repeats the end of the page before it).
 */
export function foldNotifications(items: readonly Notification[]): InboxRow[] {
  const seen = new Set<string>();
  const rows: InboxRow[] = [];
  for (const item of items) {
    if (seen.has(item.notificationId)) continue;
    seen.add(item.notificationId);
    const last = rows.at(-1);
    if (last && joins(last, item)) {
      last.items.push(item);
      last.unread ||= !item.read;
    } else {
      rows.push({ key: item.notificationId, lead: item, items: [item], unread: !item.read });
    }
  }
  return rows;
}

/** The rows under today, yesterday and each earlier date (a row goes by its newest). */
export function inboxDays(
  items: readonly Notification[],
  now: Date = new Date(),
): DayGroup<InboxRow>[] {
  return groupByDay(foldNotifications(items), (row) => row.lead.createdAt, now);
}
