// The first-load budget (docs/performance.md, "First load"). Run by `npm test` after the build
// (`npm run budget -w apps/web`), never by the build itself, so a user's `npm start` does not fail
// over a size: sums the gzip size of every JavaScript and CSS file a first visit downloads, read
// from the build's manifest, prints them, and exits 1 when the budgeted visit is over.
//
// What a visit loads: index.html's entry with its static imports (its modulepreload links) and
// CSS, then the lazy chunks the router and the start-up load at once for that address, each with
// its static imports and CSS (app/routes.tsx, app/guard/guard-decision.ts, app/early-start.ts). A
// file shared by several is counted once.
//  - The shell and the home route — the visit the budget holds: a visitor at /home gets
//    the welcome page (HomeRoute → WelcomeScreen).
//  - `/` without a saved login: not a public path, so the guard sends it to /login, whose route
//    (LoginRoute) draws the same welcome page and opens the login dialog at once (AppDialogs loads
//    it lazily). Reported, not budgeted: antd's Modal, Tabs and Form of the dialog do not fit.
//  - `/` with a saved login: the session loads, then /home (HomeRoute → HomeScreen) in the app
//    shell, which app/early-start.ts preloads. Reported.
// Sizes are gzip at zlib's default level 6 (what a server compressing on the fly sends); the
// budget is 250 kB of 1000 bytes (244.1 KiB). `scripts/first-load-browser.mjs` checks the figures
// against what Chromium downloads.
//
//   node scripts/first-load.mjs [distDir]    (exit 1 when over the budget)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const budgetBytes = 250 * 1000;
const scriptName = 'apps/web/scripts/first-load.mjs';

export const visits = [
  {
    name: 'the shell and the home route: /home for a visitor (the welcome page)',
    path: '/home',
    loggedIn: false,
    budgetBytes,
    entries: ['index.html', 'src/features/home/components/HomeRoute.tsx'],
  },
  {
    name: '/ on a first visit: /login, the welcome page with the login dialog open',
    path: '/',
    loggedIn: false,
    budgetBytes: null,
    entries: [
      'index.html',
      'src/features/home/components/LoginRoute.tsx',
      'src/features/auth/components/LoginDialog.tsx',
    ],
  },
  {
    name: '/ with a saved login: /home in the app shell',
    path: '/',
    loggedIn: true,
    budgetBytes: null,
    entries: [
      'index.html',
      'src/features/home/components/HomeRoute.tsx',
      'src/features/home/components/HomeScreen.tsx',
      'src/features/layout/components/AppShell.tsx',
    ],
  },
];

/** The JS and CSS files that loading these manifest entries downloads, each once. */
export function filesOf(manifest, entries) {
  const files = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(`${key} is not in the build manifest: update the visits in ${scriptName}`);
    }
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (/\.(m?js|css)$/.test(file) && !files.includes(file)) files.push(file);
    }
  };
  for (const entry of entries) visit(entry);
  return files;
}

export function gzipBytes(content) {
  return zlib.gzipSync(content, { level: 6 }).length;
}

/** Each visit with its files (raw and gzip bytes) and its gzip total. */
export function measure(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const content = fs.readFileSync(path.join(distDir, file));
      sizes.set(file, { raw: content.length, gzip: gzipBytes(content) });
    }
    return sizes.get(file);
  };
  return visits.map((visit) => {
    const files = filesOf(manifest, visit.entries).map((file) => ({ file, ...sizeOf(file) }));
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    return { ...visit, files, total };
  });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const KiB = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The table: every file of the first visit, then what each other visit adds. */
export function report(results) {
  const lines = ['First-load JavaScript and CSS, gzip (level 6) bytes'];
  const listed = new Set();
  for (const result of results) {
    const rows = result.files.filter((file) => !listed.has(file.file));
    const shared = result.files.length - rows.length;
    lines.push('', `${result.name}: ${result.files.length} files`);
    if (shared > 0) lines.push(`  the ${shared} files listed above, and:`);
    for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
      lines.push(`  ${row.file.padEnd(46)} ${String(row.gzip).padStart(7)}`);
      listed.add(row.file);
    }
    const verdict =
      result.budgetBytes === null
        ? ''
        : `, budget ${kB(result.budgetBytes)}: ${result.total <= result.budgetBytes ? 'within' : 'OVER'}`;
    lines.push(
      `  ${'total'.padEnd(46)} ${String(result.total).padStart(7)} = ${kB(result.total)} (${KiB(result.total)})${verdict}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  );
  const results = measure(distDir);
  process.stdout.write(`${report(results)}\n`);
  const over = results.filter((r) => r.budgetBytes !== null && r.total > r.budgetBytes);
  for (const r of over) {
    process.stderr.write(
      `\nFirst-load budget exceeded: ${r.name} downloads ${kB(r.total)} of gzip JavaScript and CSS, over ${kB(r.budgetBytes)} (docs/performance.md, "First load").\n`,
    );
  }
  if (over.length > 0) process.exit(1);
}
