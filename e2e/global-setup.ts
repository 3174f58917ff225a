// Starts `apps/server/dist/main.js` (built by `npm run build`) with PORT=0 and its own DATA_DIR,
// waits for its ready line, and hands the address to the tests through E2E_BASE_URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminAccount, adminPassword, smsCode } from './tests/support/constants';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-e2e-'));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_FIXED_CODE: smsCode,
      ADMIN_ACCOUNT: adminAccount,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(path.join(dataDir, 'server.log'));
  server.stderr.pipe(log);

  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start; see ${dataDir}/server.log`)),
      60_000,
    );
    let buffer = '';
    server.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk);
      buffer += chunk.toString();
      const ready = /ready on (http:\/\/[\d.]+:\d+)/.exec(buffer);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    server.on('exit', (code) =>
      reject(new Error(`server exited with ${code}; see ${dataDir}/server.log`)),
    );
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
