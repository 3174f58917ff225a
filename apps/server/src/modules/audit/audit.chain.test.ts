// The audit log's chain on a database of its own: rows appended one after another (and at once)
// verify; the table refuses changes; a changed and a removed row are named by the verifier.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../db/database.js';
import { openPrivateTestDatabase } from '../../../test/private-database.js';
import { canonicalJson } from './audit.chain.js';
import { recordAudit } from './audit.service.js';
import { describeReport, verifyAuditChain } from './audit.verify.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openPrivateTestDatabase();
});
afterAll(() => database.close());

const entry = (n: number) => ({
  actorId: n,
  action: 'admin.user.state',
  targetType: 'user',
  targetId: n + 100,
  before: { state: 'normal', at: new Date('2026-01-01T00:00:00Z') },
  after: { z: 1, a: [{ b: 'x', a: null }] },
  address: '10.0.0.1',
  device: 'Vitest',
});

describe('canonical JSON', () => {
  it('sorts keys at every depth, so jsonb reordering them changes nothing', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { x: 2, y: 1 }] }, b: 1 }),
    );
  });
});

describe('the audit chain', () => {
  it('verifies rows written one by one and at once, in and out of transactions', async () => {
    const { db } = database;
    await recordAudit(db, entry(1));
    await db.transaction((tx) => recordAudit(tx, entry(2)));
    // at once, each in a transaction that goes on after its row (on PostgreSQL, on the pool's
    // connections side by side): the lock queues them and the chain does not fork
    const numbers = Array.from({ length: 10 }, (_, index) => index + 3);
    await Promise.all(
      numbers.map((n) =>
        db.transaction(async (tx) => {
          await recordAudit(tx, entry(n));
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    const report = await verifyAuditChain(db);
    expect(report.rows).toBe(12);
    expect(report.problems).toEqual([]);
    expect(describeReport(report)).toMatch(/^Audit log OK: 12 rows/);
  });

  it('leaves no row when the act it records fails afterwards', async () => {
    const { db } = database;
    const before = (await verifyAuditChain(db)).rows;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, entry(7));
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    const report = await verifyAuditChain(db);
    expect(report.rows).toBe(before);
    expect(report.problems).toEqual([]);
  });

  it('refuses to update, delete or truncate a row', async () => {
    const { db } = database;
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await verifyAuditChain(db)).rows).toBeGreaterThan(0);
  });

  it('names a changed row and the row after a removed one', async () => {
    const { db } = database;
    const ids = (
      await queryRows<{ id: string | number }>(db, sql`select id from audit_log order by id`)
    ).map((row) => Number(row.id));
    const [, second, third, fourth] = ids;
    // what someone with the database's password could do: switch the guard off and edit
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      await tx.execute(
        sql`update audit_log set after = '{"state":"frozen"}'::jsonb where id = ${second}`,
      );
      await tx.execute(sql`delete from audit_log where id = ${third}`);
      await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    });
    const report = await verifyAuditChain(db);
    expect(report.problems).toEqual([
      { id: second, problem: 'changed', afterId: ids[0] },
      { id: fourth, problem: 'missing-before', afterId: second },
    ]);
    const text = describeReport(report);
    expect(text).toContain(`row ${second} was changed`);
    expect(text).toContain(`row ${fourth} does not follow row ${second}`);
  });
});
