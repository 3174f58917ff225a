// Checks scripts/first-load.mjs against a browser: opens each of its visits in a fresh headless
// Chromium (empty cache), waits until the network is idle, and compares the JavaScript and CSS it
// downloaded (the same gzip level 6 of each body) with the files and total the build computed.
// Needs a build (`npm run build`) and Debian's /usr/bin/chromium.
//
//   node apps/web/scripts/first-load-browser.mjs
//       starts the built server on a free port with an empty data directory, logs in as the
//       first administrator it creates, and stops it afterwards
//   BASE_URL=http://127.0.0.1:3000 LOGIN=account:password node apps/web/scripts/first-load-browser.mjs
//       uses a running server instead (without LOGIN the logged-in visit is skipped)
/* global fetch, localStorage, sessionStorage -- Node's fetch; the storages inside the page */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { gzipBytes, measure } from './first-load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.join(here, '..', 'dist');
const write = (text) => process.stdout.write(`${text}\n`);

/** Starts apps/server/dist/main.js; resolves with its address and first administrator. */
function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  const server = spawn(process.execPath, [path.join(here, '../../server/dist/main.js')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 120_000);
    const read = (chunk) => {
      log += chunk;
      const address = /ready on (http:\/\/\S+)/.exec(log)?.[1];
      if (!address) return;
      clearTimeout(timer);
      const admin = /account (\S+), password (\S+?)[\s"(]/.exec(log);
      resolve({ server, address, login: admin ? `${admin[1]}:${admin[2]}` : null, dataDir });
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => reject(new Error(`server exited (${code}):\n${log}`)));
  });
}

async function tokenFor(base, login) {
  const [account, password] = login.split(':');
  const client = { client: 'web', deviceId: 'first-load', deviceName: 'Chromium', version: '0' };
  const response = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password, client }),
  });
  const body = await response.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The JS and CSS a fresh page downloads for this path: { file: gzip bytes }. */
async function download(browser, base, pathname, token) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) {
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem('first-load')) localStorage.setItem('token', value);
      sessionStorage.setItem('first-load', '1');
    }, token);
  }
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/\.(m?js|css)$/.test(url.pathname)) return;
    bodies.push(response.body().then((body) => [url.pathname.slice(1), gzipBytes(body)]));
  });
  await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const files = Object.fromEntries(await Promise.all(bodies));
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { files, landed };
}

const started = process.env.BASE_URL ? null : await startServer();
const base = process.env.BASE_URL ?? started.address;
const login = process.env.LOGIN ?? started?.login ?? null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
});
let mismatches = 0;
try {
  for (const visit of measure(distDir)) {
    if (visit.loggedIn && !login) {
      write(`\n${visit.name}: skipped (no LOGIN)`);
      continue;
    }
    const token = visit.loggedIn ? await tokenFor(base, login) : null;
    const { files, landed } = await download(browser, base, visit.path, token);
    const browserTotal = Object.values(files).reduce((sum, bytes) => sum + bytes, 0);
    const expected = new Set(visit.files.map((file) => file.file));
    const missing = [...expected].filter((file) => !(file in files));
    const extra = Object.keys(files).filter((file) => !expected.has(file));
    const same = missing.length === 0 && extra.length === 0 && browserTotal === visit.total;
    if (!same) mismatches += 1;
    write(`\n${visit.name}`);
    write(`  Chromium at ${visit.path} (landed on ${landed}): ${Object.keys(files).length} files,`);
    write(
      `  ${browserTotal} bytes gzip; the build's figure: ${visit.files.length} files, ${visit.total} bytes`,
    );
    write(`  ${same ? 'the same files and bytes' : 'DIFFERENT'}`);
    for (const file of missing) write(`  not downloaded: ${file}`);
    for (const file of extra) write(`  downloaded, not counted: ${file} (${files[file]} bytes)`);
  }
} finally {
  await browser.close();
  if (started) {
    started.server.kill();
    fs.rmSync(started.dataDir, { recursive: true, force: true });
  }
}
if (mismatches > 0) process.exit(1);
