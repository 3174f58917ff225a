// npm test: unit and API tests (Vitest: contract, server on PGlite, web), the build and its
// first-load budget (apps/web/scripts/first-load.mjs: checked here, never by a build or a start),
// then the browser tests (Playwright driving Debian's Chromium against the built server).
// Chromium and a Chinese font come from apt; as root they are installed when missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args, env = {}) => {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function ensureBrowser() {
  const missing = [];
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (!fs.existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'))
    missing.push('fonts-wqy-microhei');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need ${missing.join(' and ')}. Install them with:\n  sudo ${command}`,
    );
    process.exit(1);
  }
  run('sh', ['-c', `${command.replace('install -y', 'install -y -q')}`], {
    DEBIAN_FRONTEND: 'noninteractive',
  });
}

run('npx', ['vitest', 'run']);
ensureBrowser();
run('npm', ['run', 'build']);
run('npm', ['run', 'budget', '-w', 'apps/web']);
run('npm', ['run', 'test', '-w', 'e2e']);
