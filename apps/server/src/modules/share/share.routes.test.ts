// Shares: who may make them, and what a link shows to someone without an account — the
// published content of the shared page, topic or space, never a byte where the web app would
// refuse (no unlock, a wrong password, expired, revoked, unpublished), files included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, fileBlockUrl } from '@library/contract';
import { shares } from '../../db/schema/index.js';
import { buildSpaceWithRoles, paragraphBlock } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { multipartBody } from '../../../test/documents.js';
import { unlockFailureLimit } from './share-view.service.js';
import { unlockPerIpPerMinute, unlockPerSharePerMinute } from './share.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call: TestApp['call'] = (...args) => t.call(...args);

let addressCounter = 0;
/** A client address of its own, so the per-address unlock limit is this test's alone. */
const newAddress = () =>
  `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
const pdfBytes = Buffer.from('%PDF-1.4\n% 分享的附件 secret-attachment-bytes\n%%EOF\n');

async function upload(
  headers: Headers,
  spaceId: string,
  pageId: string,
  name: string,
  bytes: Buffer,
) {
  const body = multipartBody(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v3/space/${spaceId}/file?pageId=${pageId}`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.fileId as string;
}

async function page(
  spaceId: string,
  headers: Headers,
  name: string,
  text: string,
  options: {
    parentId?: string;
    publish?: boolean;
    imageId?: (pageId: string) => Promise<string>;
  } = {},
) {
  const created = await call('POST', `/api/v2/space/${spaceId}/page`, headers, {
    name,
    parentId: options.parentId ?? null,
  });
  expect(created.status).toBe(200);
  const pageId = created.body.data.pageId as string;
  const imageId = options.imageId ? await options.imageId(pageId) : undefined;
  const changes = [
    { op: 'upsert', blockId: 'b1', afterBlockId: null, data: paragraphBlock('b1', text) },
    ...(imageId
      ? [
          {
            op: 'upsert',
            blockId: 'b2',
            afterBlockId: 'b1',
            data: {
              id: 'b2',
              type: 'image',
              props: { url: fileBlockUrl(imageId), name: 'pic.png' },
              children: [],
            },
          },
        ]
      : []),
  ];
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
    baseRevision: 0,
    changes,
  });
  expect(saved.status).toBe(200);
  if (options.publish !== false) {
    const published = await call('POST', `/api/v2/space/page/${pageId}/version`, headers, {
      name: 'v1',
    });
    expect(published.status).toBe(200);
    // a later draft edit stays with the editors
    await call('PUT', `/api/v2/space/page/${pageId}/block`, headers, {
      baseRevision: 1,
      changes: [
        {
          op: 'upsert',
          blockId: 'b1',
          afterBlockId: null,
          data: paragraphBlock('b1', `${text}（草稿改动）`),
        },
      ],
    });
  }
  return { pageId, imageId };
}

/**
 * A space closed to visitors: a published page with an image and a PDF and a comment, a topic
 * holding a published page and a draft, and another published page at the root.
 */
async function world() {
  const roles = await buildSpaceWithRoles(t.db);
  const { space, as } = roles;
  let pdfId = '';
  const shared = await page(space.id, as.owner, '分享的页面', '分享页面的正文', {
    imageId: async (pageId) => {
      pdfId = await upload(as.owner, space.id, pageId, '附件.pdf', pdfBytes);
      return upload(as.owner, space.id, pageId, 'pic.png', png);
    },
  });
  const comment = await call('POST', `/api/v2/space/page/${shared.pageId}/comment`, as.reader, {
    content: '读者的评论',
  });
  expect(comment.status).toBe(200);
  const topic = await call('POST', `/api/v2/space/${space.id}/topic`, as.owner, {
    name: '专题',
    parentId: null,
  });
  const topicId = topic.body.data.topicId as string;
  const inTopic = await page(space.id, as.owner, '专题里的页面', '专题页面的正文', {
    parentId: topicId,
  });
  const draft = await page(space.id, as.owner, '草稿页面', '尚未发布的正文', {
    parentId: topicId,
    publish: false,
  });
  const other = await page(space.id, as.owner, '另一个页面', '另一个页面的正文');
  return {
    ...roles,
    shared: shared.pageId,
    imageId: shared.imageId!,
    pdfId,
    topicId,
    inTopic: inTopic.pageId,
    draft: draft.pageId,
    other: other.pageId,
  };
}

type World = Awaited<ReturnType<typeof world>>;

const shareOptions = {
  expiry: 'never',
  showComments: true,
  allowDownload: true,
  allowAi: false,
} as const;

async function share(
  headers: Headers,
  targetType: 'space' | 'topic' | 'page',
  targetId: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call('POST', '/api/v1/share', headers, {
    targetType,
    targetId,
    ...shareOptions,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { shareId: string; token: string; path: string };
}

async function unlock(token: string, password: string | undefined, address = newAddress()) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/share/s/${token}/unlock`,
    remoteAddress: address,
    payload: password === undefined ? {} : { password },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Every read through a link, with the grant (header for the API, query for files). */
function reads(w: World, token: string) {
  const base = `/api/v1/share/s/${token}`;
  return [
    { name: 'tree', url: `${base}/tree` },
    { name: 'page', url: `${base}/page/${w.shared}` },
    { name: 'blocks', url: `${base}/page/${w.shared}/blocks` },
    { name: 'comments', url: `${base}/page/${w.shared}/comment` },
    { name: 'image', url: `${base}/file/${w.imageId}`, file: true },
    { name: 'download', url: `${base}/file/${w.pdfId}/download`, file: true },
  ];
}

async function read(url: string, grant?: string, file?: boolean) {
  const withGrant = grant && file ? `${url}?grant=${encodeURIComponent(grant)}` : url;
  const res = await t.app.inject({
    method: 'GET',
    url: withGrant,
    headers: grant && !file ? { 'x-share-grant': grant } : {},
  });
  return { status: res.statusCode, raw: res.rawPayload, text: res.payload };
}

/** No byte of the shared content: no text of any page, no byte of any file. */
function expectNoContent(body: Buffer | string) {
  const text = Buffer.isBuffer(body) ? body.toString('latin1') : body;
  const utf8 = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  for (const secret of ['正文', '读者的评论', 'pic.png', '附件', '专题']) {
    expect(utf8).not.toContain(secret);
  }
  expect(text).not.toContain('secret-attachment-bytes');
  expect(Buffer.from(text, 'latin1').includes(png)).toBe(false);
}

describe('making shares', () => {
  it('admins and the owner share; editors only where the space allows; readers never', async () => {
    const w = await world();
    const { as, space } = w;
    for (const who of ['owner', 'admin'] as const) {
      expect((await share(as[who], 'page', w.shared)).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const refused = await call('POST', '/api/v1/share', as.editor, {
      targetType: 'page',
      targetId: w.shared,
      ...shareOptions,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.operationNotAllowed);
    const reader = await call('POST', '/api/v1/share', as.reader, {
      targetType: 'space',
      targetId: space.id,
      ...shareOptions,
    });
    expect(reader.body.code).toBe(ErrorCode.operationNotAllowed);
    const outsider = await call('POST', '/api/v1/share', as.outsider, {
      targetType: 'space',
      targetId: space.id,
      ...shareOptions,
    });
    expect(outsider.status).toBe(404);

    // the space's detail tells who may share (the web offers 'share' by it)
    const canShareAs = async (who: 'admin' | 'editor' | 'reader') =>
      (await call('GET', `/api/v2/space/${space.id}`, as[who])).body.data.abilities.canShare;
    expect([await canShareAs('admin'), await canShareAs('editor')]).toEqual([true, false]);

    // only admins change the setting
    const settings = `/api/v1/share/space/${space.id}/settings`;
    expect((await call('PUT', settings, as.editor, { editorsMayShare: true })).status).toBe(404);
    expect((await call('PUT', settings, as.admin, { editorsMayShare: true })).status).toBe(200);
    expect([await canShareAs('editor'), await canShareAs('reader')]).toEqual([true, false]);
    const mine = await share(as.editor, 'topic', w.topicId);

    // an editor sees and manages their own shares; admins all of them
    const editorList = await call('GET', `/api/v1/share/space/${space.id}`, as.editor);
    expect(editorList.body.data).toMatchObject({ editorsMayShare: true, canShare: true });
    expect(editorList.body.data.list.map((s: { shareId: string }) => s.shareId)).toEqual([
      mine.shareId,
    ]);
    const adminList = await call('GET', `/api/v1/share/space/${space.id}`, as.admin);
    expect(adminList.body.data.list).toHaveLength(3);
    expect(adminList.body.data.list[0]).toMatchObject({
      title: '专题',
      targetType: 'topic',
      protected: false,
      visitCount: 0,
      canManage: true,
      path: `/s/${mine.token}`,
    });
    const readerList = await call('GET', `/api/v1/share/space/${space.id}`, as.reader);
    expect(readerList.body.data).toMatchObject({ list: [], canShare: false });
    expect((await call('GET', `/api/v1/share/space/${space.id}`, as.outsider)).status).toBe(404);
    // another editor's share is not the editor's to revoke
    const adminShare = adminList.body.data.list.find(
      (s: { createdBy: { userId: string } }) => s.createdBy.userId === String(w.ids.admin),
    );
    expect((await call('DELETE', `/api/v1/share/${adminShare.shareId}`, as.editor)).status).toBe(
      404,
    );
  });

  it('checks the password length and the expiry', async () => {
    const { as, shared } = await world();
    const base = { targetType: 'page', targetId: shared, ...shareOptions };
    for (const password of ['abc', 'x'.repeat(17), '密码密码']) {
      const res = await call('POST', '/api/v1/share', as.owner, { ...base, password });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.paramError);
    }
    const past = await call('POST', '/api/v1/share', as.owner, {
      ...base,
      expiry: 'date',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    const week = await call('POST', '/api/v1/share', as.owner, { ...base, expiry: '7d' });
    const expires = new Date(week.body.data.expiresAt).getTime();
    expect(Math.abs(expires - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
  });
});

describe('reading a protected share', () => {
  it('answers nothing but its meta without an unlock; 710001 without a password, 710002 for a wrong one', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'page', w.shared, { password: 'open-Sesame1' });

    const meta = await read(`/api/v1/share/s/${token}`);
    expect(meta.status).toBe(200);
    expect(JSON.parse(meta.text).data).toMatchObject({
      targetType: 'page',
      title: '分享的页面',
      protected: true,
      unlocked: false,
      pageId: w.shared,
    });

    // anonymous without an unlock, and with a forged grant
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`;
    for (const grant of [undefined, forged, 'nonsense']) {
      for (const { name, url, file } of reads(w, token)) {
        const res = await read(url, grant, file);
        expect(res.status, name).toBe(401);
        expect(JSON.parse(res.text).code, name).toBe(ErrorCode.sharePasswordRequired);
        expectNoContent(res.raw);
      }
    }

    const missing = await unlock(token, '');
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe(ErrorCode.sharePasswordRequired);
    const absent = await unlock(token, undefined);
    expect(absent.body.code).toBe(ErrorCode.sharePasswordRequired);
    const wrong = await unlock(token, 'open-sesame1');
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe(ErrorCode.sharePasswordInvalid);
    expectNoContent(JSON.stringify(wrong.body));

    const right = await unlock(token, 'open-Sesame1');
    expect(right.status).toBe(200);
    const grant = right.body.data.grant as string;
    expect((await read(`/api/v1/share/s/${token}`, grant)).text).toContain('"unlocked":true');

    const [tree, detail, blocks, comments, image, download] = await Promise.all(
      reads(w, token).map(({ url, file }) => read(url, grant, file)),
    );
    expect(JSON.parse(tree!.text).data).toEqual([
      { type: 'page', pageId: w.shared, name: '分享的页面', avatar: null },
    ]);
    expect(JSON.parse(detail!.text).data).toMatchObject({
      title: '分享的页面',
      abilities: { canEdit: false, canComment: false },
    });
    // the published version, never the draft
    expect(blocks!.text).toContain('分享页面的正文');
    expect(blocks!.text).not.toContain('草稿改动');
    expect(comments!.text).toContain('读者的评论');
    expect(image!.status).toBe(200);
    expect(image!.raw.equals(png)).toBe(true);
    expect(download!.status).toBe(200);
    expect(download!.raw.equals(pdfBytes)).toBe(true);

    // nothing outside the shared page
    const base = `/api/v1/share/s/${token}`;
    for (const url of [
      `${base}/page/${w.other}`,
      `${base}/page/${w.draft}/blocks`,
      `${base}/page/${w.inTopic}/blocks`,
    ]) {
      const res = await read(url, grant);
      expect(res.status, url).toBe(404);
      expectNoContent(res.raw);
    }
  });

  it.each(['expired', 'revoked', 'unpublished', 'deleted'] as const)(
    '%s: the link and every grant answer 404 at once',
    async (state) => {
      const w = await world();
      const made = await share(w.as.owner, 'page', w.shared, { password: 'pass1234' });
      const { token } = made;
      const grant = (await unlock(token, 'pass1234')).body.data.grant as string;
      expect((await read(`/api/v1/share/s/${token}/page/${w.shared}/blocks`, grant)).status).toBe(
        200,
      );
      if (state === 'expired') {
        await t.db
          .update(shares)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(shares.id, made.shareId));
      } else if (state === 'revoked') {
        expect((await call('DELETE', `/api/v1/share/${made.shareId}`, w.as.owner)).status).toBe(
          200,
        );
      } else if (state === 'unpublished') {
        const res = await call('DELETE', `/api/v2/space/page/${w.shared}/publish`, w.as.owner);
        expect(res.status).toBe(200);
      } else {
        expect((await call('DELETE', `/api/v2/space/page/${w.shared}`, w.as.owner)).status).toBe(
          200,
        );
      }
      for (const { name, url, file } of [
        { name: 'meta', url: `/api/v1/share/s/${token}`, file: false },
        ...reads(w, token),
      ]) {
        for (const withGrant of [grant, undefined]) {
          const res = await read(url, withGrant, file);
          expect(res.status, name).toBe(404);
          expect(JSON.parse(res.text).code).toBe(ErrorCode.dataMissing);
          expectNoContent(res.raw);
        }
      }
      const again = await unlock(token, 'pass1234');
      expect(again.status).toBe(404);
    },
  );

  it("ends with its creator's right to share: an editor's shares when editors may no longer share", async () => {
    const w = await world();
    const settings = `/api/v1/share/space/${w.space.id}/settings`;
    await call('PUT', settings, w.as.admin, { editorsMayShare: true });
    const made = await share(w.as.editor, 'page', w.shared);
    const url = `/api/v1/share/s/${made.token}/page/${w.shared}/blocks`;
    expect((await read(url)).status).toBe(200);
    await call('PUT', settings, w.as.admin, { editorsMayShare: false });
    const gone = await read(url);
    expect(gone.status).toBe(404);
    expectNoContent(gone.raw);
    expect((await read(`/api/v1/share/s/${made.token}`)).status).toBe(404);
    // allowed again: the link works again (it was never revoked)
    await call('PUT', settings, w.as.admin, { editorsMayShare: true });
    expect((await read(url)).status).toBe(200);
  });

  it('a new password closes the grants of the old one', async () => {
    const w = await world();
    const made = await share(w.as.owner, 'page', w.shared, { password: 'first-pw' });
    const grant = (await unlock(made.token, 'first-pw')).body.data.grant as string;
    const url = `/api/v1/share/s/${made.token}/page/${w.shared}/blocks`;
    expect((await read(url, grant)).status).toBe(200);
    const changed = await call('PUT', `/api/v1/share/${made.shareId}`, w.as.owner, {
      password: 'second-pw',
    });
    expect(changed.status).toBe(200);
    expect((await read(url, grant)).status).toBe(401);
    expect((await unlock(made.token, 'first-pw')).body.code).toBe(ErrorCode.sharePasswordInvalid);
    const fresh = (await unlock(made.token, 'second-pw')).body.data.grant as string;
    expect((await read(url, fresh)).status).toBe(200);
    // removing the password opens the link to anyone holding it
    await call('PUT', `/api/v1/share/${made.shareId}`, w.as.owner, { password: null });
    expect((await read(url)).status).toBe(200);
  });

  it("a grant for share A does not open share B's pages or files", async () => {
    const w = await world();
    const a = await share(w.as.owner, 'page', w.other, { password: 'share-a' });
    const b = await share(w.as.owner, 'page', w.shared, { password: 'share-b' });
    const grantA = (await unlock(a.token, 'share-a')).body.data.grant as string;
    for (const { name, url, file } of reads(w, b.token)) {
      const res = await read(url, grantA, file);
      expect(res.status, name).toBe(401);
      expectNoContent(res.raw);
    }
    // and share A's link does not reach share B's page or files either
    for (const { name, url, file } of reads(w, a.token).filter((r) => r.name !== 'tree')) {
      const res = await read(url, grantA, file);
      expect(res.status, name).toBe(404);
      expectNoContent(res.raw);
    }
  });
});

describe('guessing a share password', () => {
  it('cuts 1,000 guesses from one address off with 429 before the 20th', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'page', w.shared, { password: 'right-one' });
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i++) {
      statuses.push((await unlock(token, `guess-${i}`, address)).status);
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(19);
    expect(first).toBeLessThanOrEqual(unlockPerIpPerMinute);
    expect(statuses.slice(first).every((status) => status === 429)).toBe(true);
    // even the right password from that address waits
    const right = await unlock(token, 'right-one', address);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe(ErrorCode.tooFrequent);
  });

  it('limits each address apart: another address still unlocks', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'page', w.shared, { password: 'right-one' });
    const address = newAddress();
    for (let i = 0; i < unlockPerIpPerMinute; i++) {
      // right and wrong in turn: the share's own lock is never reached
      const res = await unlock(token, i % 2 ? 'right-one' : 'wrong-one', address);
      expect(res.status).toBe(i % 2 ? 200 : 403);
    }
    const refused = await unlock(token, 'right-one', address);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.tooFrequent);
    expect((await unlock(token, 'right-one')).status).toBe(200);
  });

  it('limits the tries at one share from all addresses together', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'page', w.shared, { password: 'right-one' });
    for (let i = 0; i < unlockPerSharePerMinute; i++) {
      expect((await unlock(token, 'right-one')).status).toBe(200);
    }
    const refused = await unlock(token, 'right-one');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.tooFrequent);
    expect(refused.body.data.retryAfter).toBeGreaterThan(0);
  });

  it('locks the share for a while after repeated wrong passwords from anywhere', async () => {
    const w = await world();
    const { token } = await share(w.as.owner, 'page', w.shared, { password: 'right-one' });
    for (let i = 0; i < unlockFailureLimit; i++) {
      expect((await unlock(token, `wrong-${i}`)).status).toBe(403);
    }
    // the right password from a fresh address: 429 before the hash is compared
    const locked = await unlock(token, 'right-one');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(ErrorCode.tooFrequent);
    expect(locked.body.data.retryAfter).toBeGreaterThan(0);
    expect(locked.body.data.grant).toBeUndefined();
  });
});

describe('shares of topics and spaces', () => {
  it('a topic share shows its published subtree only; a space share the whole space', async () => {
    const w = await world();
    const topic = await share(w.as.owner, 'topic', w.topicId);
    const tree = JSON.parse((await read(`/api/v1/share/s/${topic.token}/tree`)).text).data;
    expect(tree).toEqual([{ type: 'page', pageId: w.inTopic, name: '专题里的页面', avatar: null }]);
    const base = `/api/v1/share/s/${topic.token}`;
    expect((await read(`${base}/page/${w.inTopic}/blocks`)).text).toContain('专题页面的正文');
    for (const url of [
      `${base}/page/${w.draft}/blocks`,
      `${base}/page/${w.shared}/blocks`,
      `${base}/file/${w.imageId}`,
    ]) {
      const res = await read(url);
      expect(res.status, url).toBe(404);
      expectNoContent(res.raw);
    }

    const whole = await share(w.as.owner, 'space', w.space.id);
    const spaceTree = JSON.stringify(
      JSON.parse((await read(`/api/v1/share/s/${whole.token}/tree`)).text).data,
    );
    expect(spaceTree).toContain(w.shared);
    expect(spaceTree).toContain(w.inTopic);
    expect(spaceTree).not.toContain(w.draft);
    expect((await read(`/api/v1/share/s/${whole.token}/page/${w.draft}/blocks`)).status).toBe(404);
    expect((await read(`/api/v1/share/s/${whole.token}/file/${w.imageId}`)).status).toBe(200);
  });

  it('without the flags: no comments, no downloads (images still show)', async () => {
    const w = await world();
    const made = await share(w.as.owner, 'page', w.shared, {
      showComments: false,
      allowDownload: false,
    });
    const base = `/api/v1/share/s/${made.token}`;
    expect((await read(`${base}/page/${w.shared}/comment`)).status).toBe(404);
    expect((await read(`${base}/file/${w.pdfId}/download`)).status).toBe(404);
    expect((await read(`${base}/file/${w.imageId}`)).status).toBe(200);
    // a token that names no share
    expect((await read(`/api/v1/share/s/${'x'.repeat(43)}`)).status).toBe(404);
    expect((await read(`/api/v1/share/s/short`)).status).toBe(400);
  });

  it('counts visits of the link (the reload after an unlock is the same visit)', async () => {
    const w = await world();
    const made = await share(w.as.owner, 'page', w.shared);
    for (let i = 0; i < 3; i++) await read(`/api/v1/share/s/${made.token}`);
    const locked = await share(w.as.owner, 'page', w.shared, { password: 'pass1234' });
    await read(`/api/v1/share/s/${locked.token}`);
    const grant = (await unlock(locked.token, 'pass1234')).body.data.grant as string;
    await read(`/api/v1/share/s/${locked.token}`, grant);
    const list = await call('GET', `/api/v1/share/space/${w.space.id}`, w.as.owner);
    const counts = Object.fromEntries(
      list.body.data.list.map((s: { shareId: string; visitCount: number }) => [
        s.shareId,
        s.visitCount,
      ]),
    );
    expect(counts).toEqual({ [made.shareId]: 3, [locked.shareId]: 1 });
  });
});
