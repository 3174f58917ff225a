// `npm start` (scripts/start.mjs) as a newcomer runs it, and the web build's swap it relies on
// (apps/web/scripts/build.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceOnSuccess, stampPath } from '../../web/scripts/build.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  // One real build of the web app (about 15 s on an idle 2-core machine, minutes when it is busy)
  // into a folder of its own, so the repository's apps/web/dist is left alone.
  it(
    'builds and serves the production web bundle when the shell says NODE_ENV=development',
    {
      timeout: 600_000,
    },
    async () => {
      const webDir = path.join(tempDir('library-start-web-'), 'dist');
      const dataDir = tempDir('library-start-data-');
      const start = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIR: webDir,
          LOG_LEVEL: 'info',
        },
        // its own process group: a test that fails during the build stops the build's processes too
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
      try {
        const baseUrl = await new Promise<string>((resolve, reject) => {
          const poll = setInterval(() => {
            const ready = /ready on (http:\/\/[\d.]+:\d+)/.exec(output);
            if (ready?.[1]) {
              clearInterval(poll);
              resolve(ready[1]);
            }
          }, 200);
          void exited.then((code) => {
            clearInterval(poll);
            reject(new Error(`npm start exited with ${code}:\n${output.slice(-4000)}`));
          });
        });

        const index = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
        expect(index.status).toBe(200);
        const html = await index.text();
        const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
        expect(entry, html).toMatch(/^\/assets\/.+\.js$/);
        const js = await (await fetch(`${baseUrl}${entry}`)).text();
        // React's development build calls jsxDEV from the entry; the production one never names it
        expect(js.length).toBeGreaterThan(10_000);
        expect(js.includes('jsxDEV'), `${entry} is React's development build`).toBe(false);
        expect(JSON.parse(fs.readFileSync(path.join(webDir, stampPath), 'utf8'))).toMatchObject({
          nodeEnv: 'production',
        });
        // no folder of the build is left beside it
        expect(fs.readdirSync(path.dirname(webDir))).toEqual(['dist']);
      } finally {
        if (start.exitCode === null) {
          process.kill(start.pid!, 'SIGTERM');
          const stopped = await Promise.race([
            exited.then(() => true),
            new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
          ]);
          if (!stopped) process.kill(-start.pid!, 'SIGKILL');
        }
      }
      // SIGTERM reaches the server, which stops cleanly and so does start.mjs
      expect(await exited).toBe(0);
    },
  );
});

describe('the web build', () => {
  it('puts the new build in place only once it succeeded', async () => {
    const outDir = path.join(tempDir('library-build-'), 'dist');
    fs.mkdirSync(outDir);
    fs.writeFileSync(path.join(outDir, 'index.html'), 'previous');

    await expect(
      replaceOnSuccess(outDir, async (dir) => {
        fs.writeFileSync(path.join(dir, 'index.html'), 'half a build');
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('previous');
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['dist']);

    await replaceOnSuccess(outDir, async (dir) => {
      fs.writeFileSync(path.join(dir, 'index.html'), 'next');
    });
    expect(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')).toBe('next');
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['dist']);
  });

  it('leaves no build folder when the first build fails', async () => {
    const outDir = path.join(tempDir('library-build-'), 'dist');
    await expect(
      replaceOnSuccess(outDir, () => Promise.reject(new Error('build failed'))),
    ).rejects.toThrow('build failed');
    expect(fs.readdirSync(path.dirname(outDir))).toEqual([]);
  });

  it('clears the folders of a build whose process is gone', async () => {
    const parent = tempDir('library-build-');
    const outDir = path.join(parent, 'dist');
    // a process id no process holds (the kernel's limit is below it)
    fs.mkdirSync(path.join(parent, 'dist.building-99999999'));
    await replaceOnSuccess(outDir, async (dir) => {
      fs.writeFileSync(path.join(dir, 'index.html'), 'built');
    });
    expect(fs.readdirSync(parent)).toEqual(['dist']);
  });
});
