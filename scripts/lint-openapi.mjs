// npm run lint:openapi: the OpenAPI document served at /api/docs, written without a listening
// server (apps/server/src/cli/openapi.ts), linted by Redocly CLI with its recommended rules.
// An error fails; warnings are printed. KEEP_OPENAPI=<file> keeps a copy of the document.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-openapi-'));
const file = path.join(dir, 'openapi.json');
const run = (cmd, args) =>
  spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    // Redocly: no usage reports, no update notice (CI has no other network than the registries)
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).status ?? 1;

let status = run(path.join(root, 'node_modules/.bin/tsx'), [
  '--conditions=@library/source',
  'apps/server/src/cli/openapi.ts',
  file,
]);
if (status === 0) {
  if (process.env.KEEP_OPENAPI) fs.copyFileSync(file, process.env.KEEP_OPENAPI);
  status = run(path.join(root, 'node_modules/.bin/redocly'), [
    'lint',
    file,
    '--extends=recommended',
    '--format=stylish',
    '--max-problems=200',
  ]);
}
fs.rmSync(dir, { recursive: true, force: true });
process.exit(status);
