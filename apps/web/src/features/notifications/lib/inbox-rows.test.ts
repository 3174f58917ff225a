import { describe, expect, it } from 'vitest';
import { notification } from '../test/fake-inbox';
import { foldNotifications, inboxDays } from './inbox-rows';

const at = (date: Date) => date.toISOString();

describe('folding the inbox', () => {
  it('folds notifications of one kind about one page within a minute into one row', () => {
    const rows = foldNotifications([
      notification({ notificationId: '5', createdAt: '2026-11-20T08:01:00.000Z' }),
      notification({ notificationId: '4', createdAt: '2026-11-20T08:00:30.000Z', read: true }),
      notification({ notificationId: '3', createdAt: '2026-11-20T08:00:00.000Z' }),
      // more than a minute before the row's newest: a row of its own
      notification({ notificationId: '2', createdAt: '2026-11-20T07:59:59.000Z' }),
    ]);
    expect(rows.map((row) => [row.key, row.items.map((item) => item.notificationId)])).toEqual([
      ['5', ['5', '4', '3']],
      ['2', ['2']],
    ]);
    expect(rows[0]?.lead.notificationId).toBe('5');
    expect(rows[0]?.unread).toBe(true);
  });

  it('keeps another page, another kind and a notification without a page apart', () => {
    const time = '2026-11-20T08:00:00.000Z';
    const rows = foldNotifications([
      notification({ notificationId: '4', createdAt: time }),
      notification({ notificationId: '3', createdAt: time, pageId: 'p2' }),
      notification({ notificationId: '2', createdAt: time, pageId: 'p2', type: 'mention' }),
      notification({ notificationId: '1', createdAt: time, pageId: null, spaceId: null }),
      notification({ notificationId: '0', createdAt: time, pageId: null, spaceId: null }),
    ]);
    expect(rows.map((row) => row.items.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('is read when all of its notifications are, and shows each notification once', () => {
    const read = notification({ notificationId: '2', read: true });
    const rows = foldNotifications([read, read, notification({ notificationId: '1', read: true })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.items.map((item) => item.notificationId)).toEqual(['2', '1']);
    expect(rows[0]?.unread).toBe(false);
  });
});

describe('the inbox by day', () => {
  it('puts rows under today, yesterday and earlier dates by their newest notification', () => {
    const now = new Date(2026, 10, 20, 9, 0);
    const days = inboxDays(
      [
        notification({ notificationId: '4', createdAt: at(new Date(2026, 10, 20, 0, 0, 30)) }),
        // folded into the row above, though from the day before
        notification({ notificationId: '3', createdAt: at(new Date(2026, 10, 19, 23, 59, 50)) }),
        notification({
          notificationId: '2',
          createdAt: at(new Date(2026, 10, 19, 8, 0)),
          pageId: 'p2',
        }),
        notification({ notificationId: '1', createdAt: at(new Date(2026, 10, 2, 8, 0)) }),
      ],
      now,
    );
    expect(days.map((day) => [day.kind, day.items.map((row) => row.key)])).toEqual([
      ['today', ['4']],
      ['yesterday', ['2']],
      ['date', ['1']],
    ]);
    expect(days[0]?.items[0]?.items).toHaveLength(2);
  });
});
