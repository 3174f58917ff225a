import { describe, expect, it } from 'vitest';
import { notification } from '../test/fake-inbox';
import { notificationHref } from './notification-href';

describe('where a notification leads', () => {
  it('opens the page at the block and the comment, in the phone view on phones', () => {
    const item = notification({ notificationId: '1', blockId: 'b 1', commentId: 'c1' });
    expect(notificationHref(item, false)).toBe('/space/s1/page/p1?block=b+1&comment=c1');
    expect(notificationHref(item, true)).toBe('/space-mobile/s1/page/p1?block=b+1&comment=c1');
  });

  it('opens a published page plainly, a space at its root, and nothing without a space', () => {
    const publish = notification({ notificationId: '2', type: 'publish', commentId: null });
    expect(notificationHref(publish, false)).toBe('/space/s1/page/p1');
    expect(notificationHref({ ...publish, pageId: null }, false)).toBe('/space/s1');
    expect(notificationHref({ ...publish, spaceId: null, pageId: null }, false)).toBeNull();
    const order = { ...publish, type: 'order' as const, spaceId: null, pageId: null };
    expect(notificationHref({ ...order, link: '/orders/o1' }, false)).toBe('/orders/o1');
  });
});
