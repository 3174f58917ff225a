// The first-load budget (docs/performance.md, "First load"). Run by `npm test` after the build
// (`npm run budget -w apps/web`), never by the build itself, so a user's `npm start` does not fail
// over a size. Needs the build (`npm run build`: the server bundle and the web app) and Debian's
// /usr/bin/chromium.
//
// It starts the built server on a free port with an empty data directory, opens each visit in a
// fresh headless Chromium (empty cache) until the network is idle, and sums what the page
// downloaded of JavaScript and CSS, each body gzipped at zlib's default level 6 (what a server
// compressing on the fly sends; ours sends them uncompressed). It prints the files of each visit
// and exits 1 when one is over its budget. kB = 1000 bytes.
//  - /home for a visitor: the shell and the welcome page.
//  - / for a visitor: the guard sends it to /login, the same welcome page with the login dialog
//    open at once — what every new person sees first.
//  - / with a saved login: the session loads, then /home in the app shell. The user is a member
//    registered through the SMS login (the server runs with SMS_FIXED_CODE).
//
//   node scripts/first-load.mjs [webDir]    (exit 1 when a visit is over its budget; webDir: the
//                                            built web app to serve, by default dist/)
/* global fetch, localStorage, sessionStorage -- Node's fetch; the storages inside the page */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { networkQuiet, trackNetwork } from './network-quiet.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const smsCode = '246810';

export const visits = [
  {
    name: '/home for a visitor: the shell and the welcome page',
    path: '/home',
    shows: '.welcome-screen',
    loggedIn: false,
    budgetBytes: 250 * 1000,
  },
  {
    name: '/ for a visitor: /login, the welcome page with the login dialog open',
    path: '/',
    shows: '.login-dialog',
    loggedIn: false,
    // Held where it now is. The aim is 250 kB: the dialog's antd Form, Tabs, Input, Checkbox and
    // Modal are about 90 kB of it (docs/performance.md, "First load").
    budgetBytes: 335 * 1000,
  },
  {
    name: '/ with a saved login: /home in the app shell',
    path: '/',
    shows: '.app-shell .home-screen',
    loggedIn: true,
    budgetBytes: 350 * 1000,
  },
];

export function gzipBytes(content) {
  return zlib.gzipSync(content, { level: 6 }).length;
}

/** Starts apps/server/dist/main.js on a free port; resolves with its address. */
function startServer(webDir) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  const server = spawn(process.execPath, [path.join(here, '../../server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      NODE_ENV: 'test',
      SMS_FIXED_CODE: smsCode,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let log = '';
  return new Promise((resolve, reject) => {
    const fail = (error) => {
      stop();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`the server did not start:\n${log}`)), 120_000);
    const read = (chunk) => {
      log += chunk;
      const address = /ready on (http:\/\/\S+)/.exec(log)?.[1];
      if (!address) return;
      clearTimeout(timer);
      resolve({ address, stop });
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => fail(new Error(`the server exited (${code}):\n${log}`)));
  });
}

async function call(base, route, body) {
  const response = await fetch(`${base}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`${route} failed: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A new member's token: the SMS login registers an unknown phone. */
async function memberToken(base) {
  const mobile = `139${String(Date.now() % 1e8).padStart(8, '0')}`;
  const { smsToken } = await call(base, '/v1/user/smsCode', { mobile });
  const client = { client: 'web', deviceId: 'first-load', deviceName: 'Chromium', version: '0' };
  const { token } = await call(base, '/v1/user/smsCodeRegLogin', { smsCode, smsToken, client });
  return token;
}

/** The JS and CSS a fresh page downloads at this path: { files: { file: gzip bytes }, shown }. */
async function download(browser, base, pathname, shows, token) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) {
    // a saved login on the first load only, as a returning member's browser has it
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem('first-load')) localStorage.setItem('token', value);
      sessionStorage.setItem('first-load', '1');
    }, token);
  }
  const page = await context.newPage();
  trackNetwork(page);
  const bodies = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/\.(m?js|css)$/.test(url.pathname)) return;
    const body = response.body().then((content) => [url.pathname.slice(1), gzipBytes(content)]);
    body.catch(() => undefined); // awaited below; a page closed meanwhile is reported there
    bodies.push(body);
  });
  await page.goto(`${base}${pathname}`, { waitUntil: 'load' });
  await networkQuiet(page);
  // until a second passes without a new file: what loads once the first screen is drawn (the
  // login dialog, a member's home) is part of the visit
  let seen = -1;
  while (seen !== bodies.length) {
    seen = bodies.length;
    await page.waitForTimeout(1000);
    await networkQuiet(page);
  }
  const files = Object.fromEntries(await Promise.all(bodies));
  const shown = await page.locator(shows).first().isVisible();
  await context.close();
  return { files, shown };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const KiB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Each visit as Chromium made it: its files (gzip bytes) and total. */
export async function measure(webDir = path.join(here, '..', 'dist')) {
  const { chromium } = await import('@playwright/test');
  const { address, stop } = await startServer(webDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const token = await memberToken(address);
    const results = [];
    for (const visit of visits) {
      const member = visit.loggedIn ? token : null;
      const { files, shown } = await download(browser, address, visit.path, visit.shows, member);
      // a visit that did not draw what it is named for measured something else
      if (!shown) throw new Error(`${visit.name}: ${visit.shows} did not show`);
      const rows = Object.entries(files).map(([file, gzip]) => ({ file, gzip }));
      results.push({ ...visit, files: rows, total: rows.reduce((sum, row) => sum + row.gzip, 0) });
    }
    return results;
  } finally {
    await browser.close();
    stop();
  }
}

/** The table: every file of the first visit, then what each other visit adds. */
export function report(results) {
  const lines = ['First-load JavaScript and CSS in Chromium, gzip (level 6) bytes'];
  const listed = new Set();
  for (const result of results) {
    const rows = result.files.filter((row) => !listed.has(row.file));
    const shared = result.files.length - rows.length;
    lines.push('', `${result.name}: ${result.files.length} files`);
    if (shared > 0) lines.push(`  ${shared} of the files listed above, and:`);
    for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
      lines.push(`  ${row.file.padEnd(50)} ${String(row.gzip).padStart(7)}`);
      listed.add(row.file);
    }
    const verdict = result.total <= result.budgetBytes ? 'within' : 'OVER';
    lines.push(
      `  ${'total'.padEnd(50)} ${String(result.total).padStart(7)} = ${kB(result.total)} (${KiB(result.total)}), budget ${kB(result.budgetBytes)}: ${verdict}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await measure(process.argv[2] && path.resolve(process.argv[2]));
  process.stdout.write(`${report(results)}\n`);
  const over = results.filter((result) => result.total > result.budgetBytes);
  for (const result of over) {
    process.stderr.write(
      `\nFirst-load budget exceeded: ${result.name} downloads ${kB(result.total)} of gzip JavaScript and CSS, over ${kB(result.budgetBytes)} (docs/performance.md, "First load").\n`,
    );
  }
  if (over.length > 0) process.exit(1);
}
