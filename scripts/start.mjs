// npm start: builds what is missing or out of date, then serves web + API (default
// http://127.0.0.1:3000) on the embedded database under ./data.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// The server bundle takes well under a second; type checking is `npm run typecheck`'s job.
run('npm', ['run', 'build', '-w', 'apps/server']);

const webIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/contract/src')];
const webStale =
  !fs.existsSync(webIndex) ||
  Math.max(...webSources.map(newestMtime)) > fs.statSync(webIndex).mtimeMs;
if (webStale) run('npm', ['run', 'build', '-w', 'apps/web']);

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
