// The home page's lists for a returning person, read together: unread mentions and replies,
// pages with a version published since the person's last visit, and what they viewed recently.
import type { Home } from '@library/contract';
import type { Database } from '../../db/database.js';
import { changedSinceVisit, listHistory } from '../history/index.js';
import { unreadMentions } from '../notification/index.js';

const mentionsShown = 5;
const changedShown = 8;
const recentShown = 8;

export async function home(db: Database, userId: number): Promise<Home> {
  const [mentions, changed, recent] = await Promise.all([
    unreadMentions(db, userId, mentionsShown),
    changedSinceVisit(db, userId, changedShown),
    listHistory(db, userId, { page: 0, pageSize: recentShown }),
  ]);
  return { mentions, changed, recent: recent.list };
}
