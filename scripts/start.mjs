// npm start: builds what is missing or out of date, then serves web + API (default
// http://127.0.0.1:3000) on the embedded database under ./data.
//
// The web app served is always a finished production build: apps/web/scripts/build.mjs builds
// production whatever NODE_ENV says, swaps the folder in only when the build succeeded and stamps
// it last; a folder without that stamp (an interrupted build, a plain `vite build`, a build made
// before the stamp existed) is built again. No budget is checked here: a start must not fail over
// a size (the tests check it). NODE_ENV itself is left to the server, which reads it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function newestMtime(file) {
  if (!fs.existsSync(file)) return 0;
  if (!fs.statSync(file).isDirectory()) return fs.statSync(file).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(file, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** The time of the finished production build in webDir, or null when there is none. */
function productionBuiltAt(webDir) {
  const stamp = path.join(webDir, '.vite', 'build.json');
  try {
    const { nodeEnv } = JSON.parse(fs.readFileSync(stamp, 'utf8'));
    if (nodeEnv !== 'production' || !fs.existsSync(path.join(webDir, 'index.html'))) return null;
    return fs.statSync(stamp).mtimeMs;
  } catch {
    return null;
  }
}

// The server bundle takes well under a second; type checking is `npm run typecheck`'s job.
run('npm', ['run', 'build', '-w', 'apps/server']);

// WEB_DIR is where the server looks for the web app (apps/server/src/config.ts): build there.
const webDir = path.resolve(root, process.env.WEB_DIR || 'apps/web/dist');
const webInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/scripts/build.mjs',
  'packages/contract/src',
].map((input) => path.join(root, input));
const builtAt = productionBuiltAt(webDir);
if (builtAt === null || Math.max(...webInputs.map(newestMtime)) > builtAt) {
  run('npm', ['run', 'build', '-w', 'apps/web', '--', webDir]);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
