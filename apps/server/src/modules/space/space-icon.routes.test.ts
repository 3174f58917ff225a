import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@library/contract';
import { authHeader, buildSpace, buildSpaceWithRoles, buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { multipartBody } from '../../../test/documents.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A valid 1x1 transparent PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A minimal GIF header and image (1x1). */
const tinyGif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');

async function uploadIcon(
  headers: Record<string, string>,
  spaceId: string,
  content: Buffer,
  filename = 'icon.png',
  contentType = 'image/png',
) {
  const body = multipartBody(filename, content, { contentType });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/space/${spaceId}/icon`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const avatarFiles = () => fs.readdirSync(path.join(t.config.dataDir, 'avatars'));

describe('POST /api/v2/space/{id}/icon', () => {
  it('sets an admin-uploaded PNG as the icon, served to members as image/png', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const res = await uploadIcon(as.admin, space.id, tinyPng);
    expect(res.status).toBe(200);
    const icon: string = res.body.data.icon;
    expect(icon).toMatch(new RegExp(`^/v2/space/${space.id}/icon\\?v=[0-9a-f]{32}\\.png$`));
    expect((await t.call('GET', `/api/v2/space/${space.id}`, as.reader)).body.data.icon).toBe(icon);

    const image = await t.app.inject({ method: 'GET', url: `/api${icon}`, headers: as.reader });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('refuses HTML disguised as a .png (602001), an empty file (602002) and 2 MB + 1 (700107)', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await uploadIcon(as.owner, space.id, html);
    expect(disguised.status).toBe(415);
    expect(disguised.body.code).toBe(ErrorCode.fileTypeUnsupported);
    const empty = await uploadIcon(as.owner, space.id, Buffer.alloc(0));
    expect(empty.body.code).toBe(ErrorCode.emptyFileUnsupported);
    const big = Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024 + 1 - tinyPng.length)]);
    const tooBig = await uploadIcon(as.owner, space.id, big);
    expect(tooBig.body.code).toBe(ErrorCode.quotaSingleFileSize);
    // nothing changed
    expect((await t.call('GET', `/api/v2/space/${space.id}`, as.owner)).body.data.icon).toBeNull();
  });

  it('lets only admins and the owner upload; others get 404 + 100007', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    for (const caller of ['reader', 'editor', 'outsider'] as const) {
      const res = await uploadIcon(as[caller], space.id, tinyPng);
      expect(res.status, caller).toBe(404);
      expect(res.body.code, caller).toBe(ErrorCode.dataMissing);
    }
    expect((await uploadIcon(as.owner, space.id, tinyPng)).status).toBe(200);
  });

  it('keeps the icon from outsiders and answers 600002 for a space without an image', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const none = await t.call('GET', `/api/v2/space/${space.id}/icon`, as.reader);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe(ErrorCode.fileMissing);
    await uploadIcon(as.admin, space.id, tinyPng);
    const outsider = await t.call('GET', `/api/v2/space/${space.id}/icon`, as.outsider);
    expect(outsider.status).toBe(404);
    expect(outsider.body.code).toBe(ErrorCode.dataMissing);
    // anonymous callers are visitors, and this space is not open to them
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/space/${space.id}/icon` })).statusCode,
    ).toBe(404);
  });

  it('removes the old image when the icon is replaced', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const first: string = (await uploadIcon(as.admin, space.id, tinyPng)).body.data.icon;
    const firstKey = first.split('?v=')[1]!;
    expect(avatarFiles()).toContain(firstKey);
    const second = await uploadIcon(as.admin, space.id, tinyGif, 'icon.gif', 'image/gif');
    expect(second.status).toBe(200);
    const secondKey = (second.body.data.icon as string).split('?v=')[1]!;
    expect(secondKey).toMatch(/\.gif$/);
    expect(avatarFiles()).not.toContain(firstKey);
    expect(avatarFiles()).toContain(secondKey);
    const image = await t.app.inject({
      method: 'GET',
      url: `/api${second.body.data.icon}`,
      headers: as.editor,
    });
    expect(image.headers['content-type']).toBe('image/gif');
  });

  it('does not let a settings update point the icon at a stored image', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const res = await t.call('PUT', `/api/v2/space/${space.id}`, as.admin, {
      icon: `/v2/space/${space.id}/icon?v=${'a'.repeat(32)}.png`,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.paramError);
    const emoji = await t.call('PUT', `/api/v2/space/${space.id}`, as.admin, { icon: '📚' });
    expect(emoji.body.data.icon).toBe('📚');
  });

  it('removes the image when the space is purged from the recycle bin', async () => {
    const owner = await buildUser(t.db, { password: 'Passw0rd!' });
    const headers = await authHeader(t.db, owner.id);
    const space = await buildSpace(t.db, owner.id);
    const icon: string = (await uploadIcon(headers, space.id, tinyPng)).body.data.icon;
    const key = icon.split('?v=')[1]!;
    const deleted = await t.call('DELETE', `/api/v2/space/${space.id}`, headers, {
      auth: { type: 'password', args: { password: 'Passw0rd!' } },
    });
    expect(deleted.status).toBe(200);
    // in the bin the space can come back with its icon
    while ((await t.jobs.drain()) > 0);
    expect(avatarFiles()).toContain(key);
    const item = (await t.call('GET', '/api/v1/recycle', headers)).body.data.list.find(
      (entry: { targetId: string }) => entry.targetId === space.id,
    );
    expect((await t.call('DELETE', `/api/v1/recycle/${item.recycleId}`, headers)).status).toBe(200);
    while ((await t.jobs.drain()) > 0);
    expect(avatarFiles()).not.toContain(key);
  });

  it('keeps the image through a save of the same icon and removes it when an emoji replaces it', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const icon: string = (await uploadIcon(as.admin, space.id, tinyPng)).body.data.icon;
    const key = icon.split('?v=')[1]!;
    const same = await t.call('PUT', `/api/v2/space/${space.id}`, as.admin, { icon, name: '改名' });
    expect(same.status).toBe(200);
    expect(avatarFiles()).toContain(key);
    await t.call('PUT', `/api/v2/space/${space.id}`, as.admin, { icon: '🚀' });
    expect(avatarFiles()).not.toContain(key);
    const gone = await t.call('GET', `/api/v2/space/${space.id}/icon`, as.admin);
    expect(gone.body.code).toBe(ErrorCode.fileMissing);
  });
});
