// AI writing's use per person for the system administrators who configure the models: one
// month's counters, most uses first, each with the person's monthly limit as it applies now.
import { aiWriteMonthOf, type AiWriteUsageList, type Quotas } from '@library/contract';
import type { Database } from '../../db/database.js';
import { effectiveQuotas, findAccountSettings } from '../account/index.js';
import { requireModelAdmin } from './provider.service.js';
import * as repo from './write.repo.js';

export async function writeUsage(
  db: Database,
  userId: number,
  site: Quotas,
  query: { page: number; pageSize: number; month?: string | undefined },
): Promise<AiWriteUsageList> {
  await requireModelAdmin(db, userId);
  const month = query.month ?? aiWriteMonthOf(new Date());
  const { rows, total } = await repo.listMonthUses(db, month, {
    offset: query.page * query.pageSize,
    limit: query.pageSize,
  });
  // one settings read per person of the page (at most 50)
  const list = await Promise.all(
    rows.map(async (row) => ({
      userId: String(row.userId),
      nickname: row.nickname,
      uses: row.uses,
      quota: effectiveQuotas(await findAccountSettings(db, row.userId), site).aiWritesPerMonth,
    })),
  );
  return { list, total, page: query.page, pageSize: query.pageSize, month };
}
