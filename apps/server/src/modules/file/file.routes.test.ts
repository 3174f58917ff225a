import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultQuotas, ErrorCode, filePreviewTtlSeconds, type SpaceFile } from '@library/contract';
import type { Config } from '../../config.js';
import {
  fileBlobs,
  jobs,
  spaceFiles,
  spaceFileTexts,
  spaceMembers,
} from '../../db/schema/index.js';
import { Job, type JobDefinition } from '../../infra/jobs/job-catalogue.js';
import { startS3TestServer } from '../../../test/fakes/s3.js';
import { createStorage } from '../../infra/storage/storage.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  authHeader,
  buildPage,
  buildSpace,
  buildSpaceWithRoles,
  buildUser,
  type Caller,
} from '../../../test/factories.js';
import { multipartBody, tinyDocx, tinyPdf, tinyPptx, tinyXlsx } from '../../../test/documents.js';

type Headers = Record<string, string>;

function uploader(t: () => TestApp) {
  return async function upload(
    headers: Headers,
    spaceId: string,
    filename: string,
    content: Buffer,
    options: { pageId?: string; truncated?: boolean; field?: string } = {},
  ) {
    const body = multipartBody(filename, content, options);
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/v3/space/${spaceId}/file${options.pageId ? `?pageId=${options.pageId}` : ''}`,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as { code: number; data: SpaceFile } };
  };
}

/** Objects in local storage under DATA_DIR/files (tmp/ and blobs/). */
function storedObjects(t: TestApp) {
  const root = path.join(t.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => fs.statSync(path.join(root, name)).isFile());
}

/** File ids of the waiting jobs of a kind. */
async function queuedFileIds(t: TestApp, job: JobDefinition) {
  const rows = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, job.kind), isNull(jobs.failedAt)));
  return rows.map((row) => (row.payload as { fileId?: string }).fileId);
}

// The whole API once per storage driver: the local directory and S3 (s3rver on loopback).
describe.each(['local', 's3'] as const)('files API on %s storage', (storage) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
  const upload = uploader(() => t);

  beforeAll(async () => {
    const overrides: Partial<Config> = {};
    if (storage === 's3') {
      s3 = await startS3TestServer();
      overrides.storage = 's3';
      overrides.s3 = s3.settings;
    }
    t = await createTestApp(overrides);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  async function objectCount() {
    return s3 ? s3.objectCount() : storedObjects(t).length;
  }

  it('round-trips a file with a Chinese name: upload, list, details, download', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const pdf = tinyPdf('Quarterly report');
    const name = '季度报告（终版）.pdf';
    const up = await upload(as.editor, space.id, name, pdf);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({
      spaceId: space.id,
      name,
      size: pdf.length,
      mimeType: 'application/pdf',
      kind: 'pdf',
      pageId: null,
      pages: [],
      textStatus: 'pending',
      uploader: { nickname: '测试用户' },
      abilities: { canRename: true, canDelete: true, canDownload: true },
    });
    const fileId = up.body.data.fileId;

    const list = await t.call('GET', `/api/v3/space/${space.id}/file?keywords=季度`, as.reader);
    expect(list.body.data).toMatchObject({ total: 1, page: 0, pageSize: 10 });
    expect(list.body.data.list[0]).toMatchObject({
      fileId,
      abilities: { canRename: false, canDelete: false, canDownload: true },
    });
    const details = await t.call('GET', `/api/v3/space/file/${fileId}`, as.reader);
    expect(details.body.data.name).toBe(name);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v3/space/file/${fileId}/download`,
      headers: as.reader,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['accept-ranges']).toBe('bytes');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="_+\.pdf"; /);
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E5%AD%A3%E5%BA%A6%E6%8A%A5%E5%91%8A%EF%BC%88%E7%BB%88%E7%89%88%EF%BC%89.pdf",
    );
  });

  it('answers byte ranges (206, suffix, open end) and 416 outside the file', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const content = Buffer.from('0123456789abcdefghij');
    const { body } = await upload(as.editor, space.id, 'range.txt', content);
    const url = `/api/v3/space/file/${body.data.fileId}/download`;
    const get = (range: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...as.reader, range } });

    const first = await get('bytes=0-4');
    expect(first.statusCode).toBe(206);
    expect(first.payload).toBe('01234');
    expect(first.headers['content-range']).toBe('bytes 0-4/20');
    expect(first.headers['content-length']).toBe('5');
    expect((await get('bytes=-3')).payload).toBe('hij');
    expect((await get('bytes=15-')).payload).toBe('fghij');
    expect((await get('bytes=18-100')).payload).toBe('ij');
    const outside = await get('bytes=20-');
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */20');
    // an unusable header is ignored: the whole file
    const whole = await get('items=0-1');
    expect(whole.statusCode).toBe(200);
    expect(whole.payload).toBe(content.toString());
  });

  it('refuses an empty file (602002) and stores nothing', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const before = await objectCount();
    const res = await upload(as.editor, space.id, 'empty.txt', Buffer.alloc(0));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.emptyFileUnsupported);
    expect(await objectCount()).toBe(before);
    const rows = await t.db.select().from(spaceFiles).where(eq(spaceFiles.spaceId, space.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses executables by their bytes or name (602001)', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const before = await objectCount();
    const pe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(200),
    ]);
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(64),
    ]);
    for (const [name, bytes] of [
      ['readme.txt', pe],
      ['tool', elf],
      ['setup.exe', Buffer.from('plain text')],
      ['x.bat', Buffer.from('echo hi')],
    ] as const) {
      const res = await upload(as.editor, space.id, name, bytes);
      expect(res.status, name).toBe(415);
      expect(res.body.code, name).toBe(ErrorCode.fileTypeUnsupported);
    }
    expect(await objectCount()).toBe(before);
  });

  it('sniffs the type from the bytes: a .jpg that is HTML is never served as HTML', async () => {
    const { space, as, ids } = await buildSpaceWithRoles(t.db);
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const { body } = await upload(as.editor, space.id, 'photo.jpg', html);
    expect(body.data).toMatchObject({ mimeType: 'text/html', kind: 'code' });
    const fileId = body.data.fileId;

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v3/space/file/${fileId}/download`,
      headers: as.reader,
    });
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe('sandbox');

    const signed = await t.call('GET', `/api/v3/space/file/${fileId}/previewUrl`, as.reader);
    const preview = await t.app.inject({ method: 'GET', url: signed.body.data.url });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(preview.headers['content-security-policy']).toBe('sandbox');
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.payload).toBe(html.toString());
    expect(ids.reader).toBeGreaterThan(0);

    const svg = await upload(
      as.editor,
      space.id,
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
    );
    expect(svg.body.data).toMatchObject({ mimeType: 'image/svg+xml', kind: 'image' });
    const svgUrl = await t.call(
      'GET',
      `/api/v3/space/file/${svg.body.data.fileId}/previewUrl`,
      as.reader,
    );
    const svgPreview = await t.app.inject({ method: 'GET', url: svgUrl.body.data.url });
    expect(svgPreview.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('keeps a path-like name as a display name only', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const { body } = await upload(as.editor, space.id, '../../x', Buffer.from('not a path'));
    expect(body.data.name).toBe('../../x');
    const [row] = await t.db
      .select({ key: fileBlobs.storageKey })
      .from(spaceFiles)
      .innerJoin(fileBlobs, eq(fileBlobs.id, spaceFiles.blobId))
      .where(eq(spaceFiles.id, body.data.fileId));
    expect(row?.key).toMatch(/^blobs\/[0-9a-f]{32}$/);
    expect(fs.existsSync(path.join(t.config.dataDir, '..', 'x'))).toBe(false);
    if (!s3)
      expect(storedObjects(t).every((name) => /^blobs\/[0-9a-f]{32}$/.test(name))).toBe(true);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v3/space/file/${body.data.fileId}/download`,
      headers: as.reader,
    });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="../../x"; filename*=UTF-8''..%2F..%2Fx`,
    );
    const renamed = await t.call('PUT', `/api/v3/space/file/${body.data.fileId}`, as.editor, {
      name: '  报告/../../etc/passwd  ',
    });
    expect(renamed.body.data.name).toBe('报告/../../etc/passwd');
  });

  it('leaves neither bytes nor a row when the upload is cut off', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const before = await objectCount();
    const res = await upload(as.editor, space.id, 'cut.bin', Buffer.alloc(300_000, 7), {
      truncated: true,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await objectCount()).toBe(before);
    const rows = await t.db.select().from(spaceFiles).where(eq(spaceFiles.spaceId, space.id));
    expect(rows).toHaveLength(0);
  });

  it('answers 100002 for a request without a `file` part', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const res = await upload(as.editor, space.id, 'a.txt', Buffer.from('x'), { field: 'other' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    const json = await t.call('POST', `/api/v3/space/${space.id}/file`, as.editor, { a: 1 });
    expect(json.status).toBe(415);
  });

  it('signs preview URLs per user; they expire, resist tampering and follow membership', async () => {
    const { space, as, ids, owner } = await buildSpaceWithRoles(t.db);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 1)]);
    const { body } = await upload(as.editor, space.id, '图.png', png);
    const fileId = body.data.fileId;
    const signed = await t.call('GET', `/api/v3/space/file/${fileId}/previewUrl`, as.reader);
    expect(signed.status).toBe(200);
    const url: string = signed.body.data.url;
    expect(url).toMatch(new RegExp(`^/preview/${fileId}\\?u=${ids.reader}&e=\\d+&s=[\\w-]+$`));
    const expiresIn = Date.parse(signed.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan((filePreviewTtlSeconds - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(filePreviewTtlSeconds * 1000);

    // no token needed: the signature is the credential
    const ok = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['content-disposition']).toMatch(/^inline;/);
    expect(ok.rawPayload.equals(png)).toBe(true);
    const ranged = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(png.subarray(0, 8))).toBe(true);

    const mcp = await t.call('GET', `/api/v1/mcp/file/${fileId}/previewUrl`, as.reader);
    expect(mcp.body.data).toEqual({
      filePreviewUrl: expect.stringMatching(/^\/preview\//),
      expiresAt: expect.any(String),
    });

    const tampered = [
      url.replace(/s=[\w-]+/, 's=AAAA'),
      url.replace(`u=${ids.reader}`, `u=${ids.editor}`),
      url.replace(/e=(\d+)/, (_m, e: string) => `e=${Number(e) + 3600}`),
      url.replace(fileId, '00000000-0000-4000-8000-000000000000'),
      `/preview/${fileId}`,
    ];
    for (const bad of tampered) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code, bad).toBe(ErrorCode.fileUrlInvalid);
    }

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (filePreviewTtlSeconds + 1) * 1000);
      const expired = await t.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }

    // a member removed from the space: the still-valid URL stops working
    const again = (await t.call('GET', `/api/v3/space/file/${fileId}/previewUrl`, as.reader)).body
      .data.url as string;
    await t.db
      .delete(spaceMembers)
      .where(
        and(eq(spaceMembers.memberType, 'user'), eq(spaceMembers.memberId, String(ids.reader))),
      );
    const removed = await t.app.inject({ method: 'GET', url: again });
    expect(removed.statusCode).toBe(404);
    expect(removed.json().code).toBe(ErrorCode.dataMissing);
    expect(owner.id).toBe(ids.owner);
  });

  it('follows the space roles on every call (owner, admin, editor, reader, outsider, anonymous)', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const { body } = await upload(as.owner, space.id, 'matrix.txt', Buffer.from('matrix'));
    const fileId = body.data.fileId;
    const callers: Array<Caller | 'anonymous'> = [
      'owner',
      'admin',
      'editor',
      'reader',
      'outsider',
      'anonymous',
    ];
    const headersOf = (caller: Caller | 'anonymous') => (caller === 'anonymous' ? {} : as[caller]);
    const expectations: Record<Caller | 'anonymous', { read: number; write: number }> = {
      owner: { read: 200, write: 200 },
      admin: { read: 200, write: 200 },
      editor: { read: 200, write: 200 },
      reader: { read: 200, write: 404 },
      outsider: { read: 404, write: 404 },
      anonymous: { read: 401, write: 401 },
    };
    for (const caller of callers) {
      const headers = headersOf(caller);
      const want = expectations[caller];
      const reads = [
        await t.call('GET', `/api/v3/space/${space.id}/file`, headers),
        await t.call('GET', `/api/v3/space/file/${fileId}`, headers),
      ];
      for (const res of reads) expect(res.status, `${caller} read`).toBe(want.read);
      // the preview URL and the download are open to visitors: without a login, a space that is
      // not open looks missing (visitor.routes.test.ts covers open spaces)
      const visitorReads = [
        (await t.call('GET', `/api/v3/space/file/${fileId}/previewUrl`, headers)).status,
        (await t.call('GET', `/api/v1/mcp/file/${fileId}/previewUrl`, headers)).status,
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v3/space/file/${fileId}/download`,
            headers,
          })
        ).statusCode,
      ];
      for (const status of visitorReads) {
        expect(status, `${caller} read`).toBe(caller === 'anonymous' ? 404 : want.read);
      }
      const up = await upload(headers, space.id, `${caller}.txt`, Buffer.from(caller));
      const rename = await t.call('PUT', `/api/v3/space/file/${fileId}`, headers, { name: caller });
      expect(up.status, `${caller} upload`).toBe(want.write);
      expect(rename.status, `${caller} rename`).toBe(want.write);
      if (want.write === 404) expect(up.body.code).toBe(ErrorCode.dataMissing);
    }
    // delete last: editor deletes; reader and outsider cannot
    expect((await t.call('DELETE', `/api/v3/space/file/${fileId}`, as.reader)).status).toBe(404);
    expect((await t.call('DELETE', `/api/v3/space/file/${fileId}`, as.outsider)).status).toBe(404);
    expect((await t.call('DELETE', `/api/v3/space/file/${fileId}`, as.editor)).status).toBe(200);
  });

  it('moves files to the recycle bin, restores them, and purges bytes no other file uses', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const bytes = Buffer.from('the same bytes twice');
    const first = (await upload(as.editor, space.id, '一.txt', bytes)).body.data;
    const second = (await upload(as.editor, space.id, '二.txt', bytes)).body.data;
    const blobs = await t.db.select().from(fileBlobs).where(eq(fileBlobs.spaceId, space.id));
    expect(blobs).toHaveLength(1); // stored once
    const objectsWithBoth = await objectCount();

    const deleted = await t.call('DELETE', `/api/v3/space/file/${first.fileId}`, as.editor);
    expect(deleted.status).toBe(200);
    expect((await t.call('GET', `/api/v3/space/file/${first.fileId}`, as.editor)).status).toBe(404);
    const bin = await t.call('GET', '/api/v1/recycle?keywords=一', as.admin);
    const item = bin.body.data.list.find(
      (entry: { targetId: string }) => entry.targetId === first.fileId,
    );
    expect(item).toMatchObject({ kind: 'file', name: '一.txt', spaceId: space.id });
    // the delete answers the recycle item, so the web can undo it right away
    expect(deleted.body.data).toEqual({ recycleId: item.recycleId });

    const restored = await t.call('POST', `/api/v1/recycle/${item.recycleId}/restore`, as.editor);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ kind: 'file', targetId: first.fileId });
    expect((await t.call('GET', `/api/v3/space/file/${first.fileId}`, as.reader)).status).toBe(200);

    // purge the first: the blob stays for the second
    await t.call('DELETE', `/api/v3/space/file/${first.fileId}`, as.editor);
    const again = (await t.call('GET', '/api/v1/recycle?keywords=一', as.admin)).body.data.list[0];
    expect((await t.call('DELETE', `/api/v1/recycle/${again.recycleId}`, as.admin)).status).toBe(
      200,
    );
    await t.jobs.drain();
    expect(await t.db.select().from(fileBlobs).where(eq(fileBlobs.spaceId, space.id))).toHaveLength(
      1,
    );
    expect(await objectCount()).toBe(objectsWithBoth);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v3/space/file/${second.fileId}/download`,
      headers: as.reader,
    });
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // purge the second: the bytes go
    await t.call('DELETE', `/api/v3/space/file/${second.fileId}`, as.editor);
    const last = (await t.call('GET', '/api/v1/recycle?keywords=二', as.admin)).body.data.list[0];
    await t.call('DELETE', `/api/v1/recycle/${last.recycleId}`, as.admin);
    expect(await t.db.select().from(fileBlobs).where(eq(fileBlobs.spaceId, space.id))).toHaveLength(
      0,
    );
    // the AI index follows (the AI lane's handler takes it from the queue)
    expect(await queuedFileIds(t, Job.indexFile)).toContain(second.fileId);
    await t.jobs.drain();
    expect(await objectCount()).toBe(objectsWithBoth - 1);
  });

  it('takes the files uploaded into a page to the bin with it, and back', async () => {
    const { space, as, ids } = await buildSpaceWithRoles(t.db);
    const page = await buildPage(t.db, space.id, ids.editor, { name: '附件页' });
    const file = (
      await upload(as.editor, space.id, 'attached.txt', Buffer.from('attached to a page'), {
        pageId: page.id,
      })
    ).body.data;
    expect(file.pageId).toBe(page.id);
    expect(file.pages).toEqual([{ pageId: page.id, name: '附件页' }]);

    expect((await t.call('DELETE', `/api/v2/space/page/${page.id}`, as.editor)).status).toBe(200);
    expect((await t.call('GET', `/api/v3/space/file/${file.fileId}`, as.editor)).status).toBe(404);
    const list = await t.call('GET', `/api/v3/space/${space.id}/file`, as.editor);
    expect(list.body.data.total).toBe(0);

    const item = (await t.call('GET', '/api/v1/recycle?keywords=附件页', as.admin)).body.data
      .list[0];
    await t.call('POST', `/api/v1/recycle/${item.recycleId}/restore`, as.admin);
    expect((await t.call('GET', `/api/v3/space/file/${file.fileId}`, as.editor)).status).toBe(200);

    // purging the page purges its files and (after the job) their bytes
    await t.call('DELETE', `/api/v2/space/page/${page.id}`, as.editor);
    const again = (await t.call('GET', '/api/v1/recycle?keywords=附件页', as.admin)).body.data
      .list[0];
    const before = await objectCount();
    expect((await t.call('DELETE', `/api/v1/recycle/${again.recycleId}`, as.admin)).status).toBe(
      200,
    );
    expect(await t.db.select().from(spaceFiles).where(eq(spaceFiles.id, file.fileId))).toHaveLength(
      0,
    );
    await t.jobs.drain();
    expect(await objectCount()).toBe(before - 1);
  });

  it('shows readers the files of a page only once the page is published', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const created = await t.call('POST', `/api/v2/space/${space.id}/page`, as.editor, {
      name: '筹备中',
    });
    const pageId = created.body.data.pageId as string;
    const attached = (
      await upload(as.editor, space.id, 'plan.txt', Buffer.from('not public yet'), { pageId })
    ).body.data;
    const free = (await upload(as.editor, space.id, 'free.txt', Buffer.from('for everyone'))).body
      .data;
    const listed = async (headers: Headers) =>
      (await t.call('GET', `/api/v3/space/${space.id}/file`, headers)).body.data.list.map(
        (file: SpaceFile) => file.fileId,
      );

    expect(await listed(as.editor)).toEqual([free.fileId, attached.fileId]);
    expect(await listed(as.reader)).toEqual([free.fileId]);
    for (const url of [
      `/api/v3/space/file/${attached.fileId}`,
      `/api/v3/space/file/${attached.fileId}/download`,
      `/api/v3/space/file/${attached.fileId}/previewUrl`,
    ]) {
      expect((await t.call('GET', url, as.reader)).status).toBe(404);
    }

    await t.call('PUT', `/api/v2/space/page/${pageId}/block`, as.editor, {
      baseRevision: 0,
      changes: [
        {
          op: 'upsert',
          blockId: 'b1',
          data: { id: 'b1', type: 'paragraph', props: {}, content: [], children: [] },
        },
      ],
    });
    const published = await t.call('POST', `/api/v2/space/page/${pageId}/version`, as.editor, {
      name: 'v1',
    });
    expect(published.status).toBe(200);
    expect(await listed(as.reader)).toEqual([free.fileId, attached.fileId]);
    const details = await t.call('GET', `/api/v3/space/file/${attached.fileId}`, as.reader);
    expect(details.status).toBe(200);
    expect(details.body.data.pages).toEqual([{ pageId, name: '筹备中' }]);
  });

  it('removes the bytes of a purged space', async () => {
    const owner = await buildUser(t.db, { password: 'Secret123' });
    const headers = await authHeader(t.db, owner.id);
    const space = await buildSpace(t.db, owner.id, '将被删除的空间');
    const before = await objectCount();
    await upload(headers, space.id, 'a.txt', Buffer.from('first'));
    await upload(headers, space.id, 'b.txt', Buffer.from('second'));
    expect(await objectCount()).toBe(before + 2);
    const deleted = await t.call('DELETE', `/api/v2/space/${space.id}`, headers, {
      auth: { type: 'password', args: { password: 'Secret123' } },
    });
    expect(deleted.status).toBe(200);
    const item = (await t.call('GET', '/api/v1/recycle?keywords=将被删除', headers)).body.data
      .list[0];
    expect((await t.call('DELETE', `/api/v1/recycle/${item.recycleId}`, headers)).status).toBe(200);
    expect(await t.db.select().from(fileBlobs).where(eq(fileBlobs.spaceId, space.id))).toEqual([]);
    await t.jobs.drain();
    expect(await objectCount()).toBe(before);
  });

  it('answers 600002 when the bytes are gone from storage', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const file = (await upload(as.editor, space.id, 'lost.txt', Buffer.from('lost bytes'))).body
      .data;
    const [blob] = await t.db
      .select({ key: fileBlobs.storageKey })
      .from(spaceFiles)
      .innerJoin(fileBlobs, eq(fileBlobs.id, spaceFiles.blobId))
      .where(eq(spaceFiles.id, file.fileId));
    const storage = createStorage(t.config);
    await storage.remove(blob?.key ?? '');
    const res = await t.call('GET', `/api/v3/space/file/${file.fileId}/download`, as.reader);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(ErrorCode.fileMissing);
  });

  it('lists the pages whose blocks use a file', async () => {
    const { space, as, ids } = await buildSpaceWithRoles(t.db);
    const file = (
      await upload(as.editor, space.id, 'used.png', Buffer.from('89504e470d0a1a0a00', 'hex'))
    ).body.data;
    const page = await buildPage(t.db, space.id, ids.editor, { name: '用到图片的页' });
    const saved = await t.call('PUT', `/api/v2/space/page/${page.id}/block`, as.editor, {
      baseRevision: 0,
      changes: [
        {
          op: 'upsert',
          blockId: 'b1',
          data: { id: 'b1', type: 'image', props: { url: `/v3/space/file/${file.fileId}` } },
        },
      ],
    });
    expect(saved.status).toBe(200);
    const pagesFor = async (headers: Headers) =>
      (await t.call('GET', `/api/v3/space/file/${file.fileId}`, headers)).body.data.pages;
    expect(await pagesFor(as.editor)).toEqual([{ pageId: page.id, name: '用到图片的页' }]);
    // readers learn of a page once it is published
    expect(await pagesFor(as.reader)).toEqual([]);
    await t.call('POST', `/api/v2/space/page/${page.id}/version`, as.editor, { name: 'v1' });
    expect(await pagesFor(as.reader)).toEqual([{ pageId: page.id, name: '用到图片的页' }]);
    // a published page whose unreleased draft starts using the file: editors only
    const later = await buildPage(t.db, space.id, ids.editor, { name: '草稿里才用' });
    const empty = { id: 'e1', type: 'paragraph', props: {}, content: [], children: [] };
    await t.call('PUT', `/api/v2/space/page/${later.id}/block`, as.editor, {
      baseRevision: 0,
      changes: [{ op: 'upsert', blockId: 'e1', data: empty }],
    });
    await t.call('POST', `/api/v2/space/page/${later.id}/version`, as.editor, { name: 'v1' });
    await t.call('PUT', `/api/v2/space/page/${later.id}/block`, as.editor, {
      baseRevision: 1,
      changes: [
        {
          op: 'upsert',
          blockId: 'i1',
          data: { id: 'i1', type: 'image', props: { url: `/v3/space/file/${file.fileId}` } },
        },
      ],
    });
    const names = async (headers: Headers) =>
      ((await pagesFor(headers)) as Array<{ name: string }>).map((entry) => entry.name).sort();
    expect(await names(as.editor)).toEqual(['用到图片的页', '草稿里才用'].sort());
    expect(await names(as.reader)).toEqual(['用到图片的页']);
  });

  it('extracts text from each format, marks unparseable files failed, then asks the AI to index', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const cases: Array<[string, Buffer, string]> = [
      ['report.pdf', tinyPdf('Quarterly revenue grew'), 'Quarterly revenue grew'],
      // the Chinese line needs pdf.js's character maps, read from disk
      ['年报.pdf', tinyPdf('Annual report', '年度报告'), 'Annual report\n年度报告'],
      [
        '纪要.docx',
        await tinyDocx(['会议纪要', 'second paragraph']),
        '会议纪要\n\nsecond paragraph',
      ],
      [
        'table.xlsx',
        await tinyXlsx({
          预算: [
            ['项目', '金额'],
            ['服务器', 1200],
          ],
        }),
        '# 预算\n项目\t金额\n服务器\t1200',
      ],
      [
        'deck.pptx',
        await tinyPptx(Array.from({ length: 10 }, (_v, i) => `第${i + 1}页`)),
        '第1页\n\n第2页',
      ],
      ['notes.md', Buffer.from('# 标题\n\n正文 **粗体**'), '# 标题\n\n正文 **粗体**'],
      ['plain.txt', Buffer.from('\uFEFF纯文本'), '纯文本'],
      ['data.csv', Buffer.from('a,b\n1,2'), 'a,b\n1,2'],
      [
        'page.html',
        Buffer.from(
          '<html><head><style>p{}</style><script>x()</script></head><body><p>Hello &amp; 你好</p></body></html>',
        ),
        'Hello & 你好',
      ],
      ['main.py', Buffer.from('print("hi")\n'), 'print("hi")\n'],
    ];
    const ids: Record<string, string> = {};
    for (const [name, bytes] of cases) {
      const res = await upload(as.editor, space.id, name, bytes);
      expect(res.status, name).toBe(200);
      expect(res.body.data.textStatus, name).toBe('pending');
      ids[name] = res.body.data.fileId;
    }
    const broken = await upload(
      as.editor,
      space.id,
      'broken.docx',
      Buffer.from('PK\x03\x04 not really a zip', 'latin1'),
    );
    expect(broken.body.data.kind).toBe('docx');
    const image = await upload(
      as.editor,
      space.id,
      'a.gif',
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
    );
    expect(image.body.data.textStatus).toBe('none');

    // run the extraction jobs only, so the follow-up index jobs can be seen in the queue — only
    // this test's: on PostgreSQL the test files share the jobs table, and waiting for another
    // file's extractions (which this app never claims) would run these index jobs instead
    const mine = new Set([...Object.values(ids), broken.body.data.fileId as string]);
    const extractionsLeft = async () =>
      (await queuedFileIds(t, Job.extractFileText)).some((id) => id !== undefined && mine.has(id));
    while (await extractionsLeft()) {
      if (!(await t.jobs.runNext())) break;
    }
    const indexQueued = await queuedFileIds(t, Job.indexFile);
    for (const fileId of Object.values(ids)) expect(indexQueued).toContain(fileId);
    for (const [name, , expected] of cases) {
      const fileId = ids[name] ?? '';
      const [text] = await t.db
        .select()
        .from(spaceFileTexts)
        .where(eq(spaceFileTexts.fileId, fileId));
      if (name === 'deck.pptx') {
        expect(text?.text.startsWith(expected), name).toBe(true);
        expect(text?.text.endsWith('第9页\n\n第10页'), name).toBe(true);
      } else {
        expect(text?.text.trim(), name).toBe(expected.trim());
      }
      const details = await t.call('GET', `/api/v3/space/file/${fileId}`, as.reader);
      expect(details.body.data.textStatus, name).toBe('done');
    }
    const failed = await t.call('GET', `/api/v3/space/file/${broken.body.data.fileId}`, as.reader);
    expect(failed.body.data.textStatus).toBe('failed');
    // the file is kept and still downloads
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v3/space/file/${broken.body.data.fileId}/download`,
      headers: as.reader,
    });
    expect(download.statusCode).toBe(200);
  });

  it('keeps avatars in the same storage, images only', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 9)]);
    const send = (bytes: Buffer, name: string) => {
      const body = multipartBody(name, bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/user/avatar',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    // local avatars stay where they always were: DATA_DIR/avatars
    const avatarDir = path.join(t.config.dataDir, 'avatars');
    const avatars = async () =>
      s3 ? s3.objectCount() : fs.existsSync(avatarDir) ? fs.readdirSync(avatarDir).length : 0;
    const before = await avatars();
    const res = await send(png, 'me.png');
    expect(res.statusCode).toBe(200);
    expect(await avatars()).toBe(before + 1);
    const image = await t.app.inject({ method: 'GET', url: `/api${res.json().data.avatar}` });
    expect(image.rawPayload.equals(png)).toBe(true);
    const svg = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.png');
    expect(svg.json().code).toBe(ErrorCode.fileTypeUnsupported);
    expect(await avatars()).toBe(before + 1);
  });

  it('answers 404 for a page of another space and for a missing space', async () => {
    const { space, as, ids } = await buildSpaceWithRoles(t.db);
    const other = await buildSpace(t.db, ids.editor, '别的空间');
    const foreignPage = await buildPage(t.db, other.id, ids.editor);
    const res = await upload(as.editor, space.id, 'a.txt', Buffer.from('x'), {
      pageId: foreignPage.id,
    });
    expect(res.status).toBe(404);
    const missing = await upload(
      as.editor,
      '00000000-0000-4000-8000-000000000000',
      'a.txt',
      Buffer.from('x'),
    );
    expect(missing.status).toBe(404);
  });
});

describe('upload quotas', () => {
  let t: TestApp;
  const upload = uploader(() => t);
  const quotas = { fileBytes: 1000, spaceBytes: 2500, personalBytes: 3000, filesPerSpace: 4 };

  beforeAll(async () => {
    t = await createTestApp({ quotas: { ...defaultQuotas, ...quotas } });
  });
  afterAll(async () => {
    await t.close();
  });

  const bytes = (size: number, fill: number) => Buffer.alloc(size, fill);

  it('lets exactly the limit pass and one byte more fail, with its code', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const a = await buildSpace(t.db, user.id, 'A');
    const b = await buildSpace(t.db, user.id, 'B');

    // single file: 1000 passes, 1001 fails
    expect((await upload(headers, a.id, 'f1.txt', bytes(1000, 65))).status).toBe(200);
    const tooBig = await upload(headers, a.id, 'f2.txt', bytes(1001, 66));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe(ErrorCode.quotaSingleFileSize);

    // space size: 1000 + 1000 + 500 = 2500 passes, then one byte fails
    expect((await upload(headers, a.id, 'f3.txt', bytes(1000, 67))).status).toBe(200);
    expect((await upload(headers, a.id, 'f4.txt', bytes(500, 68))).status).toBe(200);
    const spaceFull = await upload(headers, a.id, 'f5.txt', bytes(1, 69));
    expect(spaceFull.status).toBe(403);
    expect(spaceFull.body.code).toBe(ErrorCode.quotaSpaceSize);

    // personal storage: 2500 used, 500 more in another space is exactly 3000, then one byte fails
    expect((await upload(headers, b.id, 'g1.txt', bytes(500, 70))).status).toBe(200);
    const userFull = await upload(headers, b.id, 'g2.txt', bytes(1, 71));
    expect(userFull.status).toBe(403);
    expect(userFull.body.code).toBe(ErrorCode.quotaPersonalStorage);

    // nothing half-written: only the accepted files exist, and no temp objects
    const rows = await t.db.select().from(spaceFiles).where(eq(spaceFiles.uploadedBy, user.id));
    expect(rows.map((row) => row.size).sort()).toEqual([1000, 1000, 500, 500].sort());
    expect(storedObjects(t).filter((name) => name.startsWith('tmp/'))).toEqual([]);
  });

  it('counts files per space (700106), same bytes included', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const space = await buildSpace(t.db, user.id);
    for (let i = 0; i < 4; i += 1) {
      expect((await upload(headers, space.id, `${i}.txt`, Buffer.from('same'))).status).toBe(200);
    }
    const full = await upload(headers, space.id, '5.txt', Buffer.from('same'));
    expect(full.status).toBe(403);
    expect(full.body.code).toBe(ErrorCode.quotaFileCount);
  });
});
