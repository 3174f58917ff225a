// Walks the audit log's hash chain from its first row (`npm run audit:verify`): a row whose
// content no longer gives its hash was changed; a row that does not follow the one before it
// had a row removed before it (or the one before was rewritten with a new hash).
import { asc, gt } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { auditLog } from '../../db/schema/index.js';
import { genesisHash, rowHash } from './audit.chain.js';

export interface AuditChainProblem {
  id: number;
  problem: 'changed' | 'missing-before';
  /** the row before it in the chain as stored (missing-before); null: it should be the first */
  afterId: number | null;
}

export interface AuditChainReport {
  rows: number;
  lastId: number | null;
  problems: AuditChainProblem[];
}

const batchSize = 1000;

/** Every break of the chain, first to last (each row is checked against the stored one before). */
export async function verifyAuditChain(db: Executor): Promise<AuditChainReport> {
  const report: AuditChainReport = { rows: 0, lastId: null, problems: [] };
  let expectedPrev = genesisHash;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(report.lastId === null ? undefined : gt(auditLog.id, report.lastId))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    for (const row of rows) {
      if (row.prevHash !== expectedPrev) {
        report.problems.push({ id: row.id, problem: 'missing-before', afterId: report.lastId });
      }
      if (rowHash(row.prevHash, row) !== row.hash) {
        report.problems.push({ id: row.id, problem: 'changed', afterId: report.lastId });
      }
      expectedPrev = row.hash;
      report.lastId = row.id;
      report.rows += 1;
    }
    if (rows.length < batchSize) return report;
  }
}

/** The report in words, one line per problem. */
export function describeReport(report: AuditChainReport): string {
  if (report.problems.length === 0) {
    return `Audit log OK: ${report.rows} rows, the chain is whole${report.lastId === null ? '' : ` up to row ${report.lastId}`}.`;
  }
  const lines = report.problems.map((problem) =>
    problem.problem === 'changed'
      ? `row ${problem.id} was changed: its content no longer gives its hash`
      : problem.afterId === null
        ? `row ${problem.id} is not the chain's first: rows before it are missing`
        : `row ${problem.id} does not follow row ${problem.afterId}: a row between them is missing (or row ${problem.afterId} was rewritten)`,
  );
  return `Audit log BROKEN (${report.rows} rows checked):\n  ${lines.join('\n  ')}`;
}
