// npm run backup [-- FILE] — writes one archive of the library (database, stored files, generated
// secrets) while the server runs or not; docs/operations.md, "Backup and restore".
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { ConfigError } from '../config-env.js';
import { DirectoryLockedError } from '../db/lock.js';
import { BackupArchiveError } from '../modules/system/index.js';
import { BackupRefusedError, takeBackup } from '../modules/system/index.js';
import { serverRoot } from '../server-root.js';

// the package's version (app.ts says the same), without loading the whole application
const { version } = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
  version: string;
};

const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
// npm runs scripts in the repository root; a relative path means where the command was typed
const outFile = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.argv[2] ?? `library-backup-${stamp}.tar`,
);

try {
  const config = loadConfig();
  const started = Date.now();
  const { manifest, by } = await takeBackup(config, outFile, version);
  const files = manifest.entries.filter((entry) => entry.path.startsWith('storage/')).length;
  const bytes = manifest.entries.reduce((sum, entry) => sum + entry.size, 0);
  console.log(
    `Backup written to ${outFile} by ${by === 'server' ? 'the running server' : 'this process'}: ` +
      `${manifest.database.kind} database (${manifest.database.lastMigration}), ${files} stored files, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB, checked, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.missing.length > 0) {
    console.warn(
      `${manifest.missing.length} stored files were deleted for good while the backup ran and are not in it: ${manifest.missing.join(', ')}`,
    );
  }
} catch (error) {
  if (error instanceof DirectoryLockedError) {
    console.error(
      `${error.message}\nIf that is the library server, wait until it is ready: it then writes the backup itself.`,
    );
  } else if (
    error instanceof ConfigError ||
    error instanceof BackupRefusedError ||
    error instanceof BackupArchiveError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
