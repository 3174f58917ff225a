// Backup and restore end to end: a space with pages, published versions, files, an avatar and AI
// conversations is backed up from a running app (PGlite: through the server's backup endpoint;
// PostgreSQL: with pg_dump), restored into a new DATA_DIR (and a new PostgreSQL database), and
// read back through the API of an app on the restored library.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig, type Config } from '../../config.js';
import { connectPostgres, openDatabase, type DatabaseHandle } from '../../db/database.js';
import { DirectoryLockedError, lockDirectory } from '../../db/lock.js';
import {
  authHeader,
  buildSpace,
  buildSpaceWithRoles,
  buildUser,
  paragraphBlock,
} from '../../../test/factories.js';
import { startS3TestServer } from '../../../test/fakes/s3.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { multipartBody } from '../../../test/documents.js';
import { manifestPath } from './backup.archive.js';
import { backupTokenHeader, readBackupEndpoint } from './backup.endpoint.js';
import { BackupRefusedError, restoreBackup, takeBackup, verifyBackup } from './backup.service.js';

type Headers = Record<string, string>;

/** Restoring boots a database (a few seconds each); a busy machine needs more than the default. */
const slow = 120_000;

const runUrl = inject('databaseUrl');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'library-backup-test-'));
let t: TestApp;
let origin: string;
/** databases this file created on the PostgreSQL server, dropped at the end */
const createdDatabases: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
  if (createdDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: runUrl });
    await admin.connect();
    for (const name of createdDatabases) {
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

async function drain() {
  while ((await t.jobs.drain()) > 0);
}

/** The configuration `npm run backup` would load for the test app's library. */
const sourceConfig = (app: TestApp = t): Config => ({
  ...app.config,
  databaseUrl: runUrl || undefined,
});

/** An empty target like an operator prepares: a new DATA_DIR, and a new database on PostgreSQL. */
async function emptyTarget(): Promise<Config> {
  const dataDir = path.join(work, `restored-${crypto.randomUUID().slice(0, 8)}`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
  });
  if (!runUrl) return config;
  const url = new URL(runUrl);
  const name = `${url.pathname.slice(1)}_restore_${crypto.randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  createdDatabases.push(name);
  url.pathname = `/${name}`;
  return { ...config, databaseUrl: url.toString() };
}

async function upload(
  headers: Headers,
  url: string,
  filename: string,
  content: Buffer,
  app: TestApp = t,
) {
  const body = multipartBody(filename, content, {
    contentType: filename.endsWith('.png') ? 'image/png' : 'text/plain',
  });
  const res = await app.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A valid 1x1 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Builds the library through the API: what a backup must keep. */
async function buildLibrary() {
  const { owner, space, as } = await buildSpaceWithRoles(t.db);
  const call = t.call;
  const created = await call('POST', `/api/v2/space/${space.id}/page`, as.owner, {
    name: '长城',
  });
  const pageId = created.body.data.pageId as string;
  const save = async (revision: number, id: string, text: string, after: string | null) => {
    const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, as.owner, {
      baseRevision: revision,
      changes: [{ op: 'upsert', blockId: id, afterBlockId: after, data: paragraphBlock(id, text) }],
    });
    expect(saved.status).toBe(200);
  };
  await save(0, 'p1', '长城始建于春秋战国时期。', null);
  await call('POST', `/api/v2/space/page/${pageId}/version`, as.owner, { name: '第一版' });
  await save(1, 'p2', '明长城全长约八千八百公里。', 'p1');
  await call('POST', `/api/v2/space/page/${pageId}/version`, as.owner, { name: '第二版' });

  const attached = await upload(
    as.owner,
    `/api/v3/space/${space.id}/file?pageId=${pageId}`,
    '城墙.txt',
    Buffer.from('长城的城墙用砖石砌成。'),
  );
  const free = await upload(
    as.owner,
    `/api/v3/space/${space.id}/file`,
    '地图.txt',
    Buffer.from('嘉峪关 → 山海关'),
  );
  await upload(as.owner, '/api/v1/user/avatar', 'me.png', tinyPng);

  const enabled = await call('POST', `/api/v1/ai/${space.id}/enable`, as.owner, { enable: true });
  expect(enabled.status).toBe(200);
  const chatId = enabled.body.data.chat.id as string;
  await drain();
  const session = await call('POST', `/api/v1/ai/chat/${chatId}/session`, as.reader, {
    name: '长城问答',
  });
  const sessionId = session.body.data.id as string;
  const asked = await fetch(`${origin}/api/v1/ai/chat/${chatId}/converse/stream`, {
    method: 'POST',
    headers: { ...as.reader, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, question: '明长城全长多少公里？' }),
  });
  expect(asked.status).toBe(200);
  await asked.text();
  await drain();
  return {
    owner,
    space,
    as,
    pageId,
    chatId,
    sessionId,
    fileIds: [attached.fileId, free.fileId] as string[],
  };
}

type Library = Awaited<ReturnType<typeof buildLibrary>>;

/** What the API shows of the library: the same before the backup and after the restore. */
async function libraryView(app: TestApp, library: Library) {
  const { as, space, pageId, chatId, sessionId, owner } = library;
  const get = async (url: string, headers: Headers) => {
    const res = await app.call('GET', url, headers);
    expect(res.status, url).toBe(200);
    return res.body.data;
  };
  const bytes = async (url: string, headers: Headers) => {
    const res = await app.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload.toString('base64');
  };
  return {
    space: await get(`/api/v2/space/${space.id}`, as.owner),
    tree: await get(`/api/v2/space/${space.id}/tree`, as.reader),
    page: await get(`/api/v2/space/page/${pageId}`, as.reader),
    blocks: await get(`/api/v2/space/page/${pageId}/block`, as.owner),
    versions: await get(`/api/v2/space/page/${pageId}/version`, as.owner),
    files: await get(`/api/v3/space/${space.id}/file`, as.owner),
    fileBytes: await Promise.all(
      library.fileIds.map((id) => bytes(`/api/v3/space/file/${id}/download`, as.owner)),
    ),
    avatar: await bytes(`/api/v1/user/avatar/${owner.id}`, {}),
    ai: await get(`/api/v1/ai/${space.id}`, as.owner),
    sessions: await get(`/api/v1/ai/chat/${chatId}/session`, as.reader),
    conversation: await get(`/api/v1/ai/chat/${chatId}/converse/${sessionId}`, as.reader),
  };
}

/** An app on the restored library (its database opened as the server would open it). */
async function openRestored(config: Config) {
  const database: DatabaseHandle = config.databaseUrl
    ? connectPostgres(config.databaseUrl, 4)
    : await openDatabase(config);
  await database.migrate();
  const app = await createTestApp({ ...config, logLevel: 'silent' }, database);
  return {
    app,
    async close() {
      await app.app.close();
      await database.close();
    },
  };
}

describe('npm run backup / npm run restore', () => {
  it(
    'brings a library back elsewhere: pages, versions, files, avatar and AI conversations',
    async () => {
      const library = await buildLibrary();
      const before = await libraryView(t, library);
      expect(before.versions.list ?? before.versions).toHaveLength(2);
      expect(before.conversation.list).toHaveLength(1);

      const archive = path.join(work, 'library.tar');
      const { manifest, by } = await takeBackup(sourceConfig(), archive, '0.1.0');
      // the embedded database is copied by the server holding it; PostgreSQL by pg_dump
      expect(by).toBe(runUrl ? 'this process' : 'server');
      expect(manifest.database.kind).toBe(runUrl ? 'postgres' : 'pglite');
      expect(manifest.database.migrations).toBeGreaterThan(0);
      expect(manifest.missing).toEqual([]);
      const stored = manifest.entries.filter((entry) => entry.path.startsWith('storage/'));
      expect(stored.filter((entry) => entry.path.startsWith('storage/blobs/'))).toHaveLength(2);
      expect(stored.filter((entry) => entry.path.startsWith('storage/avatars/'))).toHaveLength(1);
      expect(manifest.entries.map((entry) => entry.path)).toContain('secrets/preview-secret');
      expect((fs.statSync(archive).mode & 0o777).toString(8)).toBe('600');

      const target = await emptyTarget();
      const restoredManifest = await restoreBackup(target, fs.createReadStream(archive));
      expect(restoredManifest.createdAt).toBe(manifest.createdAt);
      // the generated secrets come back: preview URLs and sealed model keys keep working
      expect(fs.readFileSync(path.join(target.dataDir, 'preview-secret'))).toEqual(
        fs.readFileSync(path.join(t.config.dataDir, 'preview-secret')),
      );

      const restored = await openRestored(target);
      try {
        // sessions live in the database, so the same tokens read the restored library
        expect(await libraryView(restored.app, library)).toEqual(before);
      } finally {
        await restored.close();
      }

      // the restored library, with no server running, backs up to the same files and secrets
      const again = await takeBackup(target, path.join(work, 'again.tar'), '0.1.0');
      expect(again.by).toBe('this process');
      const content = (entries: typeof manifest.entries) =>
        entries.filter((entry) => !entry.path.startsWith('database/'));
      expect(content(again.manifest.entries)).toEqual(content(manifest.entries));
      expect(again.manifest.database).toEqual(manifest.database);
    },
    slow,
  );

  it('refuses to restore into a target that holds anything', async () => {
    const archive = path.join(work, 'refusals.tar');
    await takeBackup(sourceConfig(), archive, '0.1.0');
    await expect(takeBackup(sourceConfig(), archive, '0.1.0')).rejects.toThrow(/exists already/);

    const target = await emptyTarget();
    fs.mkdirSync(target.dataDir, { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'notes.txt'), 'keep me');
    await expect(restoreBackup(target, fs.createReadStream(archive))).rejects.toThrow(
      /DATA_DIR .* is not empty \(it holds notes\.txt\)/,
    );
    expect(fs.readdirSync(target.dataDir)).toEqual(['notes.txt']);

    if (runUrl) {
      // the run's own database holds the library: not empty
      const busy = { ...(await emptyTarget()), databaseUrl: runUrl };
      await expect(restoreBackup(busy, fs.createReadStream(archive))).rejects.toThrow(
        /database DATABASE_URL names is not empty/,
      );
      // a PostgreSQL backup needs a PostgreSQL target
      const embedded = { ...(await emptyTarget()), databaseUrl: undefined };
      await expect(restoreBackup(embedded, fs.createReadStream(archive))).rejects.toThrow(
        /PostgreSQL database: restore it with DATABASE_URL set/,
      );
    }
  });

  it('refuses an archive that is cut off or altered, before restoring anything', async () => {
    const archive = path.join(work, 'checked.tar');
    const { manifest } = await takeBackup(sourceConfig(), archive, '0.1.0');
    const bytes = fs.readFileSync(archive);

    const cut = path.join(work, 'cut.tar');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expect(verifyBackup(cut)).rejects.toThrow(/cut off|no manifest/);
    const target = await emptyTarget();
    await expect(restoreBackup(target, fs.createReadStream(cut))).rejects.toThrow(
      /cut off|no manifest/,
    );
    expect(fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir) : []).toEqual([]);

    // one byte of the database snapshot changed: its checksum no longer matches
    const altered = Buffer.from(bytes);
    const offset = 512 + 1000; // inside the first entry, after its tar header
    altered[offset] = (altered[offset] ?? 0) ^ 0xff;
    const alteredFile = path.join(work, 'altered.tar');
    fs.writeFileSync(alteredFile, altered);
    await expect(verifyBackup(alteredFile)).rejects.toThrow(
      `${manifest.entries[0]?.path} does not match its checksum in the manifest.`,
    );
    expect(manifest.entries.map((entry) => entry.path)).not.toContain(manifestPath);
  });

  it.skipIf(Boolean(runUrl))(
    'on the embedded database: the endpoint answers only its token from this machine; a held database without an endpoint stops the CLI',
    async () => {
      const endpoint = readBackupEndpoint(t.config.dataDir);
      expect(endpoint?.pid).toBe(process.pid);
      const wrong = await fetch(`${endpoint?.url}/api/system/v1/backup`, {
        headers: { [backupTokenHeader]: 'f'.repeat(64) },
      });
      expect(wrong.status).toBe(404);
      const anonymous = await fetch(`${endpoint?.url}/api/system/v1/backup`);
      expect(anonymous.status).toBe(404);

      // while another process holds the database (and offers no endpoint), the CLI stops
      const held = loadConfig({ DATA_DIR: path.join(work, 'held') });
      fs.mkdirSync(path.join(held.dataDir, 'db', 'pgdata'), { recursive: true });
      fs.writeFileSync(path.join(held.dataDir, 'db', 'pgdata', 'PG_VERSION'), '17\n');
      const release = lockDirectory(path.join(held.dataDir, 'db'));
      try {
        await expect(takeBackup(held, path.join(work, 'held.tar'), '0.1.0')).rejects.toThrow(
          DirectoryLockedError,
        );
      } finally {
        release();
      }
      expect(fs.existsSync(path.join(work, 'held.tar.partial'))).toBe(false);
      await expect(
        takeBackup(
          loadConfig({ DATA_DIR: path.join(work, 'nothing') }),
          path.join(work, 'none.tar'),
          '0.1.0',
        ),
      ).rejects.toThrow(BackupRefusedError);
    },
  );

  it(
    'keeps files stored in S3: read from the bucket, restored into an empty one',
    async () => {
      const source = await startS3TestServer();
      const destination = await startS3TestServer();
      const s3 = await createTestApp({ storage: 's3', s3: source.settings }, t.database);
      try {
        await s3.app.listen({ port: 0, host: '127.0.0.1' });
        const owner = await buildUser(s3.db);
        const headers = await authHeader(s3.db, owner.id);
        const space = await buildSpace(s3.db, owner.id);
        const bytes = Buffer.from('存在 S3 里的文件');
        const file = await upload(headers, `/api/v3/space/${space.id}/file`, 's3.txt', bytes, s3);
        await upload(headers, '/api/v1/user/avatar', 'me.png', tinyPng, s3);

        const archive = path.join(work, 's3.tar');
        const { manifest } = await takeBackup(sourceConfig(s3), archive, '0.1.0');
        expect(manifest.storage).toBe('s3');
        const stored = manifest.entries.filter((entry) => entry.path.startsWith('storage/'));
        expect(stored.some((entry) => entry.path.startsWith('storage/avatars/'))).toBe(true);

        // the source bucket holds objects: refused
        const busy = { ...(await emptyTarget()), storage: 's3' as const, s3: source.settings };
        await expect(restoreBackup(busy, fs.createReadStream(archive))).rejects.toThrow(
          /S3 bucket already holds objects/,
        );

        const target = {
          ...(await emptyTarget()),
          storage: 's3' as const,
          s3: destination.settings,
        };
        await restoreBackup(target, fs.createReadStream(archive));
        expect(await destination.objectCount()).toBe(stored.length);
        const restored = await openRestored(target);
        try {
          const download = await restored.app.app.inject({
            method: 'GET',
            url: `/api/v3/space/file/${file.fileId}/download`,
            headers,
          });
          expect(download.rawPayload).toEqual(bytes);
          const avatar = await restored.app.app.inject({ url: `/api/v1/user/avatar/${owner.id}` });
          expect(avatar.rawPayload).toEqual(tinyPng);
        } finally {
          await restored.close();
        }
      } finally {
        await s3.close();
        await source.close();
        await destination.close();
      }
    },
    slow,
  );
});
