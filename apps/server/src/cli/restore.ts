// npm run restore -- FILE — brings a backup archive back into an empty DATA_DIR (and an empty
// PostgreSQL database or S3 bucket when configured); docs/operations.md, "Backup and restore".
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { ConfigError } from '../config-env.js';
import { DirectoryLockedError } from '../db/lock.js';
import { BackupArchiveError } from '../modules/system/index.js';
import { BackupRefusedError, restoreBackup } from '../modules/system/index.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exit(1);
}

try {
  const config = loadConfig();
  // npm runs scripts in the repository root; a relative path means where the command was typed
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!fs.existsSync(archive)) throw new BackupRefusedError(`${archive} does not exist.`);
  const manifest = await restoreBackup(config, fs.createReadStream(archive));
  const files = manifest.entries.filter((entry) => entry.path.startsWith('storage/')).length;
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.database.kind} database, ` +
      `${manifest.database.lastMigration}, ${files} stored files) into ` +
      `${config.databaseUrl ? 'the database DATABASE_URL names and ' : ''}${config.dataDir}. ` +
      'Start the server with the same settings.',
  );
  if (manifest.missing.length > 0) {
    console.warn(
      `${manifest.missing.length} stored files were missing when the backup was taken; downloading them answers 600002.`,
    );
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DirectoryLockedError ||
    error instanceof BackupRefusedError ||
    error instanceof BackupArchiveError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
