// `npm run audit:verify` as an operator runs it: on a whole chain it says OK and exits 0; after
// a row was changed behind the server's back it names the row and exits 1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { recordAudit } from '../modules/audit/index.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-audit-verify-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function verify() {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['--conditions=@library/source', path.join(root, 'apps/server/src/cli/audit-verify.ts')],
    { cwd: root, env, encoding: 'utf8' },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

it(
  'says OK on a whole chain and names a changed row with exit 1',
  { timeout: 180_000 },
  async () => {
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await database.migrate();
      for (const n of [1, 2, 3]) {
        await recordAudit(database.db, {
          actorId: n,
          action: 'user.login',
          targetType: 'user',
          targetId: n,
        });
      }
    } finally {
      await database.close();
    }
    const whole = verify();
    expect(whole.output).toContain('Audit log OK: 3 rows');
    expect(whole.status).toBe(0);

    const again = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await again.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
        await tx.execute(sql`update audit_log set actor_id = 9 where id = 2`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      });
    } finally {
      await again.close();
    }
    const broken = verify();
    expect(broken.output).toContain('row 2 was changed');
    expect(broken.status).toBe(1);
  },
);
