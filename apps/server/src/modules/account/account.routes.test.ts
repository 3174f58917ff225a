// Every feature switch and quota through the real call it guards: an administrator turns a
// switch off (or lowers a quota) for one account, and that account's call answers the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role, type Feature } from '@library/contract';
import {
  addMember,
  authHeader,
  buildSpace,
  buildSpaceWithRoles,
  buildUser,
  uniqueMobile,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { multipartBody } from '../../../test/documents.js';
import { effectiveFeatures } from './account.policy.js';

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await buildUser(t.db, { roles: [Role.admin] });
  adminHeaders = await authHeader(t.db, admin.id);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function switchOff(userId: number, ...features: Feature[]) {
  const overrides = Object.fromEntries(features.map((feature) => [feature, false]));
  const res = await call('PUT', `/api/system/v1/users/${userId}/permission`, adminHeaders, {
    overrides,
  });
  expect(res.json().code).toBe(0);
}

async function setQuota(userId: number, overrides: Record<string, number | null>) {
  const res = await call('PUT', `/api/system/v1/users/${userId}/quota`, adminHeaders, {
    overrides,
  });
  expect(res.json().code).toBe(0);
  return res.json().data;
}

async function upload(headers: Headers, spaceId: string, bytes: Buffer, name = 'a.txt') {
  const body = multipartBody(name, bytes, {});
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v3/space/${spaceId}/file`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return res.json() as { code: number; data: { fileId: string } };
}

const code = (res: { json(): { code: number } }) => res.json().code;

describe('feature switches (spec §6), each through the call it guards', () => {
  it('space creation, external access, topics, links, pages and quick-note pages', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const space = await buildSpace(t.db, user.id);
    await switchOff(
      user.id,
      'createSpace',
      'spaceExternalAccess',
      'createTopic',
      'createExternalLink',
      'createPage',
    );
    expect(code(await call('POST', '/api/v2/space', headers, { name: '新空间' }))).toBe(
      ErrorCode.noCreateSpace,
    );
    expect(
      code(await call('PUT', `/api/v2/space/${space.id}`, headers, { openToVisitors: true })),
    ).toBe(ErrorCode.noSpaceExternalAccess);
    // closing, or saving other fields, stays possible
    expect(code(await call('PUT', `/api/v2/space/${space.id}`, headers, { name: '改名' }))).toBe(0);
    expect(
      code(await call('POST', `/api/v2/space/${space.id}/topic`, headers, { name: 't' })),
    ).toBe(ErrorCode.noCreateTopic);
    expect(
      code(
        await call('POST', `/api/v2/space/${space.id}/link`, headers, {
          name: 'l',
          url: 'https://example.com',
        }),
      ),
    ).toBe(ErrorCode.noCreateExternalLink);
    expect(code(await call('POST', `/api/v2/space/${space.id}/page`, headers, { name: 'p' }))).toBe(
      ErrorCode.noCreatePage,
    );
    const note = (await call('POST', '/api/v1/note', headers, { title: '便签' })).json().data;
    expect(
      code(
        await call('POST', `/api/v1/note/${note.noteId}/toPage`, headers, { spaceId: space.id }),
      ),
    ).toBe(ErrorCode.noCreatePage);

    // the permission as the account reads it, so the web can hide the controls
    const mine = (await call('GET', '/api/v1/user/permission', headers)).json().data.features;
    expect(mine).toMatchObject({ createSpace: false, createPage: false, uploadFile: true });
  });

  it('the master switch answers 700050 for every feature', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const space = await buildSpace(t.db, user.id);
    await switchOff(user.id, 'account');
    expect(code(await call('POST', '/api/v2/space', headers, { name: 'x' }))).toBe(
      ErrorCode.accountFeatureDisabled,
    );
    expect(code(await call('POST', `/api/v2/space/${space.id}/page`, headers, { name: 'p' }))).toBe(
      ErrorCode.accountFeatureDisabled,
    );
    // reading goes on
    expect(code(await call('GET', `/api/v2/space/${space.id}`, headers))).toBe(0);
  });

  it('files: upload, own-space and others-space files, download, preview', async () => {
    const { space, ids, as } = await buildSpaceWithRoles(t.db);
    const uploaded = await upload(as.owner, space.id, Buffer.from('hello'));
    expect(uploaded.code).toBe(0);
    const fileId = uploaded.data.fileId;

    await switchOff(ids.owner, 'createSpaceFile');
    expect((await upload(as.owner, space.id, Buffer.from('again'))).code).toBe(
      ErrorCode.noCreateSpaceFile,
    );
    // the editor works in someone else's space: 'participate in space files'
    expect((await upload(as.editor, space.id, Buffer.from('editor'))).code).toBe(0);
    await switchOff(ids.editor, 'joinSpaceFile');
    expect((await upload(as.editor, space.id, Buffer.from('editor 2'))).code).toBe(
      ErrorCode.noJoinSpaceFile,
    );
    await switchOff(ids.admin, 'uploadFile');
    expect((await upload(as.admin, space.id, Buffer.from('admin'))).code).toBe(
      ErrorCode.noUploadFile,
    );

    await switchOff(ids.reader, 'downloadFile', 'previewFile');
    const download = await call('GET', `/api/v3/space/file/${fileId}/download`, as.reader);
    expect(download.statusCode).toBe(403);
    expect(code(download)).toBe(ErrorCode.noDownloadFile);
    expect(code(await call('GET', `/api/v3/space/file/${fileId}/previewUrl`, as.reader))).toBe(
      ErrorCode.noPreviewFile,
    );
    expect((await call('GET', `/api/v3/space/file/${fileId}/download`, as.editor)).statusCode).toBe(
      200,
    );

    // a preview URL signed before the switch went off stops working
    const signed = (await call('GET', `/api/v3/space/file/${fileId}/previewUrl`, as.editor)).json()
      .data.url as string;
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    await switchOff(ids.editor, 'previewFile');
    expect((await t.app.inject({ method: 'GET', url: signed })).json().code).toBe(
      ErrorCode.noPreviewFile,
    );
  });

  it('member groups, joining spaces, and topics in other people’s spaces', async () => {
    const { space, ids, as } = await buildSpaceWithRoles(t.db);
    await switchOff(ids.owner, 'createSpaceGroup');
    const group = { name: '小组', role: 'reader' };
    expect(code(await call('POST', `/api/v2/space/${space.id}/memberGroup`, as.owner, group))).toBe(
      ErrorCode.noCreateSpaceGroup,
    );
    expect(code(await call('POST', `/api/v2/space/${space.id}/memberGroup`, as.admin, group))).toBe(
      0,
    );
    await switchOff(ids.admin, 'joinSpaceGroup');
    expect(code(await call('POST', `/api/v2/space/${space.id}/memberGroup`, as.admin, group))).toBe(
      ErrorCode.noJoinSpaceGroup,
    );

    // someone whose 'participate in spaces' is off cannot be added to a space
    const mobile = uniqueMobile();
    const loner = await buildUser(t.db, { mobile });
    await switchOff(loner.id, 'joinSpace');
    const groups = (await call('GET', `/api/v2/space/${space.id}/memberGroup`, as.owner)).json()
      .data.list as Array<{ memberGroupId: string; role: string }>;
    const readers = groups.find((entry) => entry.role === 'reader')!;
    expect(
      code(
        await call('POST', `/api/v2/space/memberGroup/${readers.memberGroupId}/member`, as.owner, {
          memberType: 'user',
          account: mobile,
        }),
      ),
    ).toBe(ErrorCode.noJoinSpace);

    // topics: the editor of someone else's space needs 'participate in topic'
    const topic = (
      await call('POST', `/api/v2/space/${space.id}/topic`, as.owner, { name: 'T' })
    ).json().data;
    await switchOff(ids.editor, 'joinTopic');
    expect(
      code(await call('POST', `/api/v2/space/${space.id}/topic`, as.editor, { name: 'E' })),
    ).toBe(ErrorCode.noJoinTopic);
    expect(
      code(await call('PUT', `/api/v2/space/topic/${topic.topicId}`, as.editor, { name: 'E2' })),
    ).toBe(ErrorCode.noJoinTopic);
    // pages are not topics: the editor still writes pages
    expect(
      code(await call('POST', `/api/v2/space/${space.id}/page`, as.editor, { name: 'P' })),
    ).toBe(0);
  });

  it('roles set switches for their holders; the account’s own setting wins', async () => {
    const name = `NO_SPACES_${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await call('POST', '/api/system/v1/roles', adminHeaders, { name, title: '不建空间' });
    await call('PUT', `/api/system/v1/roles/${name}`, adminHeaders, {
      features: { createSpace: false },
    });
    const user = await buildUser(t.db, { roles: [name] });
    const headers = await authHeader(t.db, user.id);
    expect(code(await call('POST', '/api/v2/space', headers, { name: 'x' }))).toBe(
      ErrorCode.noCreateSpace,
    );
    const turnedOn = await call('PUT', `/api/system/v1/users/${user.id}/permission`, adminHeaders, {
      overrides: { createSpace: true },
    });
    expect(turnedOn.json().data).toMatchObject({
      features: { createSpace: true },
      overrides: { createSpace: true },
    });
    expect(code(await call('POST', '/api/v2/space', headers, { name: 'x' }))).toBe(0);
    // cleared: back to what the role says
    await call('PUT', `/api/system/v1/users/${user.id}/permission`, adminHeaders, {
      overrides: { createSpace: null },
    });
    expect(code(await call('POST', '/api/v2/space', headers, { name: 'y' }))).toBe(
      ErrorCode.noCreateSpace,
    );
    expect(
      (
        await call('PUT', `/api/system/v1/users/${user.id}/permission`, adminHeaders, {
          overrides: { flying: true },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('decides by the account, then the roles that name a switch, then DEFAULT_ROLE', () => {
    const decide = (settings: Parameters<typeof effectiveFeatures>[0]) =>
      effectiveFeatures(settings).createSpace;
    const none = { defaultFeatures: {}, roleFeatures: [], features: {}, quotas: {} };
    expect(decide(none)).toBe(true);
    expect(decide({ ...none, defaultFeatures: { createSpace: false } })).toBe(false);
    expect(
      decide({
        ...none,
        defaultFeatures: { createSpace: false },
        roleFeatures: [{ createSpace: true }, {}],
      }),
    ).toBe(true);
    expect(decide({ ...none, roleFeatures: [{ createSpace: false }, { createPage: true }] })).toBe(
      false,
    );
    expect(
      decide({ ...none, roleFeatures: [{ createSpace: false }], features: { createSpace: true } }),
    ).toBe(true);
  });
});

describe('quotas, each through the call it limits', () => {
  it('spaces (700100), also when created at once', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    await setQuota(user.id, { spaces: 3 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call('POST', '/api/v2/space', headers, { name: `空间${index}` }),
      ),
    );
    const codes = answers.map(code).sort();
    expect(codes.filter((value) => value === 0)).toHaveLength(3);
    expect(codes.filter((value) => value === ErrorCode.quotaSpaces)).toHaveLength(3);
    const mine = (await call('GET', '/api/v1/user/quota', headers)).json().data;
    expect(mine.limits.spaces).toBe(3);
    expect(mine.usage.spaces).toBe(3);
  });

  it('groups per space (700102), counted against the owner’s quota', async () => {
    const { space, ids, as } = await buildSpaceWithRoles(t.db);
    // a new space starts with its four member groups
    await setQuota(ids.owner, { groupsPerSpace: 5 });
    const group = { name: '小组', role: 'reader' };
    expect(code(await call('POST', `/api/v2/space/${space.id}/memberGroup`, as.admin, group))).toBe(
      0,
    );
    expect(code(await call('POST', `/api/v2/space/${space.id}/memberGroup`, as.owner, group))).toBe(
      ErrorCode.quotaGroupsPerSpace,
    );
  });

  it('file size, space size, file count and personal storage from the account’s quotas', async () => {
    const owner = await buildUser(t.db);
    const headers = await authHeader(t.db, owner.id);
    const space = await buildSpace(t.db, owner.id);
    await setQuota(owner.id, { fileBytes: 100, spaceBytes: 250, filesPerSpace: 3 });
    expect((await upload(headers, space.id, Buffer.alloc(101, 1))).code).toBe(
      ErrorCode.quotaSingleFileSize,
    );
    expect((await upload(headers, space.id, Buffer.alloc(100, 2))).code).toBe(0);
    expect((await upload(headers, space.id, Buffer.alloc(100, 3))).code).toBe(0);
    expect((await upload(headers, space.id, Buffer.alloc(51, 4))).code).toBe(
      ErrorCode.quotaSpaceSize,
    );
    expect((await upload(headers, space.id, Buffer.alloc(10, 5))).code).toBe(0);
    expect((await upload(headers, space.id, Buffer.alloc(1, 6))).code).toBe(
      ErrorCode.quotaFileCount,
    );
    await setQuota(owner.id, { spaceBytes: null, filesPerSpace: null, personalBytes: 300 });
    expect((await upload(headers, space.id, Buffer.alloc(91, 7))).code).toBe(
      ErrorCode.quotaPersonalStorage,
    );
    const quota = (await call('GET', `/api/system/v1/users/${owner.id}/quota`, adminHeaders)).json()
      .data;
    expect(quota.usage.personalBytes).toBe(210);
    expect(quota.overrides).toEqual({ fileBytes: 100, personalBytes: 300 });
  });

  it('two uploads at once into two spaces cannot pass personal storage together', async () => {
    const user = await buildUser(t.db);
    const headers = await authHeader(t.db, user.id);
    const first = await buildSpace(t.db, user.id, 'A');
    const second = await buildSpace(t.db, user.id, 'B');
    await setQuota(user.id, { personalBytes: 1500 });
    const answers = await Promise.all([
      upload(headers, first.id, Buffer.alloc(1000, 1)),
      upload(headers, second.id, Buffer.alloc(1000, 2)),
    ]);
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes).toEqual([0, ErrorCode.quotaPersonalStorage]);
  });

  it('the other party’s space: its owner’s space quota, the uploader’s own file quota', async () => {
    const owner = await buildUser(t.db);
    const space = await buildSpace(t.db, owner.id);
    const editor = await buildUser(t.db);
    await addMember(t.db, space.id, editor.id, 'editor');
    const headers = await authHeader(t.db, editor.id);
    await setQuota(owner.id, { spaceBytes: 50 });
    await setQuota(editor.id, { fileBytes: 1_000_000 });
    expect((await upload(headers, space.id, Buffer.alloc(60, 1))).code).toBe(
      ErrorCode.quotaSpaceSize,
    );
  });

  it('refuses negative or unknown quota values with 400', async () => {
    const user = await buildUser(t.db);
    for (const overrides of [{ spaces: -1 }, { parking: 3 }, { spaces: 1.5 }]) {
      const res = await call('PUT', `/api/system/v1/users/${user.id}/quota`, adminHeaders, {
        overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
    }
  });
});
