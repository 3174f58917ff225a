import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { createTestApp, type TestApp } from '../test/test-app.js';

const indexHtml = '<!doctype html><html><body><div id="root"></div>test-index</body></html>';
const appJs = 'console.log("app-abc123");';

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), appJs);
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app', () => {
  it.for(['/', '/space/123', '/space/123?tab=files'])(
    'serves index.html, never cached, for GET %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(indexHtml);
    },
  );

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe(appJs);
  });

  it('answers an unknown API route with the JSON envelope, not index.html', async () => {
    for (const url of ['/api/nope', '/api']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().code).toBe(ErrorCode.dataMissing);
    }
  });

  it('answers a missing file with 404', async () => {
    for (const url of ['/missing.js', '/assets/missing-000.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('test-index');
      expect(res.json().code).toBe(ErrorCode.dataMissing);
    }
  });

  it('answers a page request that does not accept HTML, or a POST, with 404', async () => {
    const json = await t.app.inject({
      method: 'GET',
      url: '/space/123',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/space/123', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.body).not.toContain('test-index');
  });

  it('still answers the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
  });

  it('rate-limits the API but never the web app files', async () => {
    const limited = await createTestApp({ webDir, rateLimitPerMinute: 2 });
    try {
      for (let i = 0; i < 5; i++) {
        const asset = await limited.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
        expect(asset.statusCode).toBe(200);
      }
      const codes = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/v1/user' })).statusCode);
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
