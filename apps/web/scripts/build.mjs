// `npm run build -w apps/web [-- <outDir>]`: the production bundle, into dist/ (or outDir).
//
// Always production, whatever NODE_ENV the shell holds: Vite builds React's development bundle
// when NODE_ENV=development is set (common in dev containers and dotfiles), and the server would
// serve it as if nothing were wrong. The bundle is written into a folder beside outDir and put in
// its place only once the build succeeded, so a failed build leaves the previous build (or
// nothing) rather than half a bundle; a stamp written last (`.vite/build.json`) tells
// scripts/start.mjs that this folder holds a finished production build, and when.
//
// The first-load budget is not checked here: a build is what `npm start` needs, and a budget is
// for the tests (`npm run budget -w apps/web`, run by `npm test` after the build).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const stampPath = path.join('.vite', 'build.json');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Runs `build(tempDir)` into a fresh folder beside `outDir` and, when it resolves, puts that
 * folder in `outDir`'s place (the old one is removed). When it throws, the folder is removed and
 * `outDir` is left as it was. Folders of builds whose process is gone are cleared first.
 */
export async function replaceOnSuccess(outDir, build) {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  fs.mkdirSync(parent, { recursive: true });
  for (const name of fs.readdirSync(parent)) {
    const [kind, pid] = name.startsWith(`${base}.`) ? name.slice(base.length + 1).split('-') : [];
    if ((kind === 'building' || kind === 'old') && /^\d+$/.test(pid ?? '') && !alive(Number(pid))) {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
  const building = path.join(parent, `${base}.building-${process.pid}`);
  const old = path.join(parent, `${base}.old-${process.pid}`);
  for (const dir of [building, old]) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(building);
  try {
    await build(building);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
  fs.renameSync(building, outDir);
  fs.rmSync(old, { recursive: true, force: true });
}

async function viteBuild(webRoot, outDir) {
  // before Vite is loaded: it reads NODE_ENV when it resolves the config, and keeps a value it
  // finds set
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  });
  const stamp = { nodeEnv: 'production', builtAt: new Date().toISOString() };
  fs.writeFileSync(path.join(outDir, stampPath), `${JSON.stringify(stamp)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
  try {
    await replaceOnSuccess(outDir, (dir) => viteBuild(webRoot, dir));
  } catch (error) {
    // Vite has printed what went wrong
    console.error(
      `\nThe web build failed (${error instanceof Error ? error.message.split('\n')[0] : error}); ${outDir} was left as it was.`,
    );
    process.exit(1);
  }
}
