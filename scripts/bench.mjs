// npm run bench: every benchmark under apps/server/bench (each prints its figures as ratios
// against a baseline measured in the same run). BENCH_DATABASE_URL=postgres://… also runs them
// on PostgreSQL; use a throwaway database. The browser benchmark (ui.bench.ts) needs the built
// web app and Debian's Chromium: the web app is built first when it is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'apps/server/bench');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}
let failed = false;
for (const file of fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()) {
  console.log(`\n== ${file}`);
  const result = spawnSync('npx', ['tsx', '--conditions=@library/source', path.join(dir, file)], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
