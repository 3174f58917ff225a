// npm run audit:verify — walks the audit log's hash chain in the configured database (DATA_DIR
// or DATABASE_URL, as the server) and names every changed or missing row: exit 0 when the chain
// is whole, 1 when it is not (docs/decisions/audit.md).
import { loadConfig } from '../config.js';
import { ConfigError } from '../config-env.js';
import { openDatabase } from '../db/database.js';
import { DirectoryLockedError } from '../db/lock.js';
import { describeReport, verifyAuditChain } from '../modules/audit/index.js';

try {
  const database = await openDatabase(loadConfig());
  try {
    const report = await verifyAuditChain(database.db);
    const text = describeReport(report);
    if (report.problems.length === 0) {
      console.log(text);
    } else {
      console.error(text);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DirectoryLockedError) {
    console.error(
      `${error.message}\nThe embedded database opens in one process at a time: verify a backup's copy, or stop the server.`,
    );
  } else if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
