// The history of visits (`/course`): the last visit of each space or page a user opened, listed
// newest first while the target is live and readable; the web groups it by day.
import {
  ErrorCode,
  type ChangedPage,
  type HistoryList,
  type HistoryTargetType,
} from '@library/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { accessPage, accessSpace } from '../space/index.js';
import { rolesInSpaces } from '../space/index.js';
import { presentChangedPage, presentHistoryItem } from './history.presenter.js';
import * as repo from './history.repo.js';

/** Records a visit the caller may make (read access); a later visit replaces the earlier one. */
export async function recordVisit(
  db: Database,
  userId: number,
  target: { targetType: HistoryTargetType; targetId: string },
  now = new Date(),
) {
  const spaceId =
    target.targetType === 'space'
      ? (await accessSpace(db, userId, target.targetId, 'read')).space.id
      : (await accessPage(db, userId, target.targetId, 'read')).node.spaceId;
  await repo.upsertVisit(db, { userId, ...target, spaceId, visitedAt: now });
}

export async function listHistory(
  db: Database,
  userId: number,
  query: { page: number; pageSize: number },
): Promise<HistoryList> {
  const readable = [...(await rolesInSpaces(db, userId)).keys()];
  const { rows, total } = await repo.listLiveVisits(db, userId, readable, query);
  return { list: rows.map(presentHistoryItem), total, page: query.page, pageSize: query.pageSize };
}

export async function removeVisit(
  db: Database,
  userId: number,
  targetType: HistoryTargetType,
  targetId: string,
) {
  if (!(await repo.deleteVisit(db, userId, targetType, targetId))) {
    throw new AppError(ErrorCode.dataMissing);
  }
}

export async function clearHistory(db: Database, userId: number) {
  await repo.clearVisits(db, userId);
}

/** The pages the user visited that have a version published since, by someone else. */
export async function changedSinceVisit(
  db: Database,
  userId: number,
  limit: number,
): Promise<ChangedPage[]> {
  const readable = [...(await rolesInSpaces(db, userId)).keys()];
  return (await repo.changedSinceVisit(db, userId, readable, limit)).map(presentChangedPage);
}
