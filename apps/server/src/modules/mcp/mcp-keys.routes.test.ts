// Personal access keys and the MCP view: a matrix of every MCP call × (anonymous,
// key of another space, key of a user who lost access, revoked key, key of a disabled user,
// valid key) over a space that is not open — never content where the web app would refuse —;
// keys are made, listed and revoked in account settings, shown once and stored hashed, and open
// nothing but the MCP view's reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '@library/contract';
import { accessKeys, spaceMemberGroups, spaceMembers, users } from '../../db/schema/index.js';
import {
  addMember,
  buildSpace,
  buildSpaceWithRoles,
  buildStoredFile,
  buildUser,
  authHeader,
  paragraphBlock,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hashToken } from '../session/session.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (method: string, url: string, headers: Headers = {}, body?: unknown) =>
  t.call(method as 'GET', url, headers, body);

async function makeKey(headers: Headers, spaceIds: string[], name = 'Claude') {
  const res = await call('POST', '/api/v1/user/accessKey', headers, { name, spaceIds });
  expect(res.status).toBe(200);
  return res.body.data as { key: { keyId: string }; token: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A space not open to visitors with a published page (a comment, a file), and the keys. */
async function world() {
  const built = await buildSpaceWithRoles(t.db);
  const { space, as, ids } = built;
  const created = await call('POST', `/api/v2/space/${space.id}/page`, as.owner, {
    name: '成员页面',
  });
  const pageId = created.body.data.pageId as string;
  await call('PUT', `/api/v2/space/page/${pageId}/block`, as.owner, {
    baseRevision: 0,
    changes: [
      { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', '成员内容') },
    ],
  });
  expect(
    (await call('POST', `/api/v2/space/page/${pageId}/version`, as.owner, { name: 'v1' })).status,
  ).toBe(200);
  await call('POST', `/api/v2/space/page/${pageId}/comment`, as.reader, { content: '成员评论' });
  const file = await buildStoredFile(t.db, {
    spaceId: space.id,
    uploadedBy: ids.owner,
    name: '成员附件.pdf',
    pageId,
  });
  // the reader's other space, and a second reader who will lose access
  const other = await buildSpace(t.db, ids.reader, '读者自己的空间');
  const leaver = await buildUser(t.db);
  await addMember(t.db, space.id, leaver.id, 'reader');
  const leaverHeaders = await authHeader(t.db, leaver.id);
  const disabled = await buildUser(t.db);
  await addMember(t.db, space.id, disabled.id, 'reader');
  const disabledHeaders = await authHeader(t.db, disabled.id);

  const valid = await makeKey(as.reader, [space.id]);
  const otherSpace = await makeKey(as.reader, [other.id]);
  const revoked = await makeKey(as.reader, [space.id]);
  const lostAccess = await makeKey(leaverHeaders, [space.id]);
  const disabledKey = await makeKey(disabledHeaders, [space.id]);

  expect(
    (await call('DELETE', `/api/v1/user/accessKey/${revoked.key.keyId}`, as.reader)).status,
  ).toBe(200);
  await t.db.delete(spaceMembers).where(
    and(
      eq(spaceMembers.memberType, 'user'),
      eq(spaceMembers.memberId, String(leaver.id)),
      eq(
        spaceMembers.memberGroupId,
        t.db
          .select({ id: spaceMemberGroups.id })
          .from(spaceMemberGroups)
          .where(
            and(eq(spaceMemberGroups.spaceId, space.id), eq(spaceMemberGroups.role, 'reader')),
          ),
      ),
    ),
  );
  await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));

  return {
    ...built,
    other,
    pageId,
    fileId: file.id,
    callers: {
      anonymous: {},
      otherSpaceKey: { 'x-api-key': otherSpace.token },
      lostAccessKey: bearer(lostAccess.token),
      revokedKey: bearer(revoked.token),
      disabledUserKey: { 'x-api-key': disabledKey.token },
      validKey: bearer(valid.token),
      validXApiKey: { 'x-api-key': valid.token },
    } satisfies Record<string, Headers>,
  };
}

function readsOf(w: Awaited<ReturnType<typeof world>>) {
  return {
    space: `/api/v1/mcp/space/${w.space.id}`,
    tree: `/api/v1/mcp/space/${w.space.id}/spaceTree`,
    listView: `/api/v1/mcp/space/${w.space.id}/topic/listView`,
    page: `/api/v1/mcp/page/${w.pageId}`,
    blocks: `/api/v1/mcp/page/${w.pageId}/blocks`,
    comments: `/api/v1/mcp/page/${w.pageId}/comment?page=0&pageSize=10`,
    file: `/api/v1/mcp/file/${w.fileId}/previewUrl`,
  };
}

describe('the MCP view with personal access keys', () => {
  it('serves a valid key what its user reads in its spaces, and nothing to the others', async () => {
    const w = await world();
    const urls = readsOf(w);
    const expected: Record<keyof typeof w.callers, number> = {
      anonymous: 404,
      otherSpaceKey: 404,
      lostAccessKey: 404,
      revokedKey: 401,
      disabledUserKey: 401,
      validKey: 200,
      validXApiKey: 200,
    };
    for (const [caller, headers] of Object.entries(w.callers)) {
      for (const [name, url] of Object.entries(urls)) {
        const res = await call('GET', url, headers);
        expect([caller, name, res.status]).toEqual([
          caller,
          name,
          expected[caller as keyof typeof expected],
        ]);
        const text = JSON.stringify(res.body);
        if (res.status !== 200) {
          for (const secret of ['成员页面', '成员内容', '成员评论', '成员附件', w.pageId]) {
            expect(text).not.toContain(secret);
          }
        }
      }
      // the list of spaces: the key's space only for the valid key, never the closed space else
      const list = await call('GET', '/api/v1/mcp/space?page=0&pageSize=100', headers);
      const listed = JSON.stringify(list.body);
      if (caller.startsWith('valid')) {
        expect(list.body.data.list).toEqual([
          expect.objectContaining({ spaceId: w.space.id, role: 'reader' }),
        ]);
      } else if (caller === 'revokedKey' || caller === 'disabledUserKey') {
        expect(list.status).toBe(401);
      } else {
        expect(listed).not.toContain(w.space.id);
      }
      if (caller === 'otherSpaceKey') {
        expect(list.body.data.list).toEqual([expect.objectContaining({ spaceId: w.other.id })]);
      }
    }
    // the content is there for the valid key
    const blocks = await call('GET', urls.blocks, w.callers.validKey);
    expect(JSON.stringify(blocks.body.data.blocks)).toContain('成员内容');
  });

  it('answers the precheck per caller: 900013, 900015, 401, or missing outside the key', async () => {
    const w = await world();
    const url = `/api/v1/mcp/space/${w.space.id}/accessControl/visitor`;
    const codes: Record<string, [number, number | null]> = {};
    for (const [caller, headers] of Object.entries(w.callers)) {
      const res = await call('GET', url, headers);
      codes[caller] = [res.status, res.status === 200 ? res.body.code : null];
    }
    expect(codes).toEqual({
      anonymous: [200, ErrorCode.spaceForbidsVisitors],
      otherSpaceKey: [404, null],
      lostAccessKey: [200, ErrorCode.spaceForbidsVisitors],
      revokedKey: [401, null],
      disabledUserKey: [401, null],
      validKey: [200, ErrorCode.visitorAlreadyAuthorised],
      validXApiKey: [200, ErrorCode.visitorAlreadyAuthorised],
    });
  });

  it('opens nothing but the MCP reads: no web route, no write', async () => {
    const w = await world();
    const key = w.callers.validKey;
    for (const [method, url, body] of [
      ['GET', `/api/v2/space/${w.space.id}/tree`, undefined],
      ['GET', `/api/v2/space/page/${w.pageId}`, undefined],
      ['GET', '/api/v1/user', undefined],
      ['GET', '/api/v1/user/accessKey', undefined],
      ['POST', '/api/v1/user/accessKey', { name: 'more', spaceIds: [w.space.id] }],
      ['POST', `/api/v2/space/page/${w.pageId}/comment`, { content: '用密钥写' }],
      ['PUT', `/api/v2/space/${w.space.id}`, { name: '改名' }],
    ] as const) {
      for (const headers of [key, w.callers.validXApiKey]) {
        const res = await call(method, url, headers, body);
        expect([method, url, res.status]).toEqual([method, url, 401]);
      }
    }
  });
});

describe('account settings: personal access keys', () => {
  it('makes a key shown once and stored hashed, lists it without the key, revokes it', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const made = await makeKey(as.editor, [space.id], '我的 Cursor');
    expect(made.token).toMatch(/^lbk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(accessKeys).where(eq(accessKeys.id, made.key.keyId));
    expect(row?.tokenHash).toBe(hashToken(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);

    const list = await call('GET', '/api/v1/user/accessKey', as.editor);
    expect(list.body.data.list).toEqual([
      {
        keyId: made.key.keyId,
        name: '我的 Cursor',
        hint: made.token.slice(0, 8),
        spaces: [{ spaceId: space.id, name: space.name }],
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    // using it records when
    await call('GET', `/api/v1/mcp/space/${space.id}`, bearer(made.token));
    const used = await call('GET', '/api/v1/user/accessKey', as.editor);
    expect(used.body.data.list[0].lastUsedAt).not.toBeNull();
    // another user cannot revoke it; its owner can, once
    const url = `/api/v1/user/accessKey/${made.key.keyId}`;
    expect((await call('DELETE', url, as.reader)).status).toBe(404);
    expect((await call('DELETE', url, as.editor)).status).toBe(200);
    expect((await call('DELETE', url, as.editor)).status).toBe(404);
    expect((await call('GET', '/api/v1/user/accessKey', as.editor)).body.data.list).toEqual([]);
    expect((await call('GET', `/api/v1/mcp/space/${space.id}`, bearer(made.token))).status).toBe(
      401,
    );
  });

  it('makes keys only for spaces the user may read, with valid input', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const bad = [
      { name: '', spaceIds: [space.id] },
      { name: 'k', spaceIds: [] },
      { name: 'k', spaceIds: ['nope'] },
      { name: 'x'.repeat(51), spaceIds: [space.id] },
    ];
    for (const body of bad) {
      expect((await call('POST', '/api/v1/user/accessKey', as.reader, body)).status).toBe(400);
    }
    const foreign = await call('POST', '/api/v1/user/accessKey', as.outsider, {
      name: 'k',
      spaceIds: [space.id],
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, ErrorCode.dataMissing]);
    expect(
      (await call('POST', '/api/v1/user/accessKey', {}, { name: 'k', spaceIds: [space.id] }))
        .status,
    ).toBe(401);
    // an unknown key is refused like a revoked one
    expect((await call('GET', '/api/v1/mcp/space', { 'x-api-key': 'lbk_unknown' })).status).toBe(
      401,
    );
  });
});
