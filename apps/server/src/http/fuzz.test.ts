// No input makes a 500: a seeded generator sends malformed requests to every operation
// of the app's OpenAPI document as an anonymous visitor, a reader of a space and its owner, on
// real ids (a space with a topic, pages, a version, a comment, a link, a file, a note, an AI
// conversation…). It asserts that none is answered 5xx or left hanging (nor carries 100001 in a
// 200 stream), and that a refused request (4xx) wrote nothing: triggers on every table of the
// test's own database log each row written, and the log is read (and emptied) after each request.
// FUZZ_SEED=<n> replays another run; FUZZ_REQUESTS=<n> changes the total; FUZZ_ONLY='POST /api/v2'
// sends only to the operations whose "METHOD path" holds it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { queryRows, type Database, type DatabaseHandle } from '../db/database.js';
import { issueToken } from '../modules/session/session.service.js';
import { findById } from '../modules/user/user.repo.js';
import {
  addMember,
  authHeader,
  buildSpace,
  buildUser,
  paragraphBlock,
  testClient,
} from '../../test/factories.js';
import {
  malformedRequest,
  operationsOf,
  seededRandom,
  type MalformedRequest,
  type OpenApiDocument,
  type Operation,
  type RealValues,
} from '../../test/malformed-requests.js';
import { openPrivateTestDatabase } from '../../test/private-database.js';
import { recordingSms } from '../../test/test-app.js';
import type { App } from './route-types.js';

const seed = Number(process.env.FUZZ_SEED ?? 160001);
const total = Number(process.env.FUZZ_REQUESTS ?? 10_200);
const only = process.env.FUZZ_ONLY;

/**
 * Operations not sent: logout revokes the caller's own token, which would end the run for that
 * caller (a refused logout is a bad token, which every other operation gets already); the inbox's
 * live stream takes no input but the token and, accepted, stays open while the caller is logged
 * in (notification-stream.test.ts tests it).
 */
const skipped = new Set(['DELETE /api/v1/user/logout', 'GET /api/v1/notification/stream']);

/**
 * When an operation is sent: those whose accepted requests remove, move or switch off a fixture
 * object go after the others (which would meet only 404s there), and the ones removing what
 * holds other objects after the ones removing what they hold — the space itself last of all
 * (an accepted password change sets the very password its delete requests confirm with).
 */
function sendingRank(op: Operation): number {
  const name = `${op.method} ${op.path}`;
  if (name === 'DELETE /api/v2/space/{id}') return 4;
  if (/^DELETE \/api\/v2\/space\/(topic|memberGroup)\/\{id\}$/.test(name)) return 3;
  if (/^(DELETE \/api\/v3\/space\/group\/\{id\}|POST .*\/enable)$/.test(name)) return 3;
  if (name === 'DELETE /api/v2/space/page/{id}') return 2;
  if (op.method === 'DELETE' || /\/(restore|toPage|move)$/.test(op.path)) return 1;
  return 0;
}

/**
 * Writes a refused request makes by design, not counted: a token's last use is touched by any
 * authenticated request, and a wrong SMS code counts a try.
 */
const ignoredColumns: Record<string, string[]> = {
  auth_tokens: ['last_seen_at'],
  sms_codes: ['tries'],
};

/** A refused login is recorded in the audit log (`user.login.failed`) by design. */
const refusalsAudited = new Set(['POST /api/v1/user/login', 'POST /api/v1/user/smsCodeRegLogin']);

/**
 * Logs every row an INSERT, UPDATE or DELETE changes, in any table of the app (this test's own
 * database), into `fuzz_writes`; `takeWrites()` answers the tables written since it last ran. A
 * rolled back transaction takes its log rows with it, so only what stayed written is reported.
 */
async function installWriteLog(db: Database) {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  await db.execute(sql`create table fuzz_writes (table_name text not null)`);
  await db.execute(
    sql.raw(`create function fuzz_log_write() returns trigger language plpgsql as $$
      begin
        -- an update that changes only the columns named as trigger arguments is no write
        if tg_op = 'UPDATE' and (to_jsonb(old) - tg_argv) = (to_jsonb(new) - tg_argv) then
          return null;
        end if;
        insert into fuzz_writes values (tg_table_name);
        return null;
      end $$`),
  );
  for (const { name } of tables) {
    const ignored = (ignoredColumns[name] ?? []).map((column) => `'${column}'`).join(', ');
    await db.execute(
      sql.raw(`create trigger fuzz_log_write after insert or update or delete on "${name}"
        for each row execute function fuzz_log_write(${ignored})`),
    );
  }
  return {
    tables: tables.length,
    async takeWrites(): Promise<string[]> {
      const rows = await queryRows<{ table_name: string }>(
        db,
        sql`delete from fuzz_writes returning table_name`,
      );
      return [...new Set(rows.map((row) => row.table_name))].sort();
    },
  };
}

interface Fixture {
  real: RealValues;
  /** values that change as the run goes (the draft's revision a block save names) */
  values: Record<string, string | number>;
  callers: Record<'anonymous' | 'reader' | 'owner', Record<string, string>>;
}

/** A space with something of every kind in it, made through the API by its owner. */
async function buildFixture(app: App, db: Database): Promise<Fixture> {
  const owner = await buildUser(db);
  const reader = await buildUser(db);
  const member = await buildUser(db);
  const asOwner = await authHeader(db, owner.id);
  const asReader = await authHeader(db, reader.id);
  // a second device of the owner's, for the device routes (never the token the run uses)
  await issueToken(db, owner.id, { ...testClient, deviceId: 'second-device' }, null);
  const call = async (method: string, url: string, payload?: object) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: asOwner,
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const space = await call('POST', '/api/v2/space', { name: '模糊测试空间' });
  const spaceId: string = space.spaceId;
  await addMember(db, spaceId, reader.id, 'reader');
  const groups = await call('GET', '/api/v3/space/group');
  const topic = await call('POST', `/api/v2/space/${spaceId}/topic`, { name: '主题' });
  const page = await call('POST', `/api/v2/space/${spaceId}/page`, {
    name: '页面',
    parentId: topic.topicId,
  });
  const pageId: string = page.pageId;
  const saved = await call('PUT', `/api/v2/space/page/${pageId}/block`, {
    baseRevision: 0,
    changes: [{ op: 'upsert', blockId: 'b1', data: paragraphBlock('b1', '模糊测试') }],
  });
  await call('POST', `/api/v2/space/page/${pageId}/version`, { name: 'v1' });
  const comment = await call('POST', `/api/v2/space/page/${pageId}/comment`, {
    content: '评论',
    blockId: 'b1',
  });
  const link = await call('POST', `/api/v2/space/${spaceId}/link`, {
    name: '链接',
    url: 'https://example.com',
  });
  const binned = await call('POST', `/api/v2/space/${spaceId}/page`, { name: '回收' });
  const deleted = await call('DELETE', `/api/v2/space/page/${binned.pageId}`);
  const memberGroup = await call('POST', `/api/v2/space/${spaceId}/memberGroup`, {
    name: '编辑',
    role: 'editor',
  });
  await call('POST', `/api/v2/space/memberGroup/${memberGroup.memberGroupId}/member`, {
    memberType: 'user',
    account: String(member.id),
  });
  const note = await call('POST', '/api/v1/note', { title: '笔记' });
  await call('POST', '/api/v1/history', { targetType: 'page', targetId: pageId });
  const upload = await app.inject({
    method: 'POST',
    url: `/api/v3/space/${spaceId}/file?pageId=${pageId}`,
    headers: { ...asOwner, 'content-type': 'multipart/form-data; boundary=fixture' },
    payload:
      '--fixture\r\nContent-Disposition: form-data; name="file"; filename="说明.txt"\r\n' +
      'Content-Type: text/plain\r\n\r\n模糊测试\r\n--fixture--\r\n',
  });
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.body}`);
  const fileId: string = upload.json().data.fileId;
  const ai = await call('POST', `/api/v1/ai/${spaceId}/enable`, { enable: true });
  const chatId: string = ai.chat.id;
  const conversation = await call('POST', `/api/v1/ai/chat/${chatId}/session`, { name: '对话' });
  // the address book: the member is the owner's friend and in the owner's team, which the
  // editors' member group holds too
  const memberRow = await findById(db, member.id);
  await call('PUT', '/api/v1/friend/inviteCode', { inviteCode: memberRow!.inviteCode });
  const team = await call('POST', '/api/v1/team', { name: '模糊测试团队' });
  await call('POST', `/api/v1/team/${team.teamId}/member`, { userId: member.id, role: 'member' });
  await call('POST', `/api/v2/space/memberGroup/${memberGroup.memberGroupId}/member`, {
    memberType: 'team',
    teamId: team.teamId,
  });
  // outward access: a share of the space, a space template of the page, an access key
  const share = await call('POST', '/api/v1/share', {
    targetType: 'space',
    targetId: spaceId,
    expiry: 'never',
    showComments: true,
    allowDownload: true,
    allowAi: false,
  });
  const template = await call('POST', '/api/v1/template', {
    scope: 'space',
    nodeId: pageId,
    name: '模板',
  });
  const accessKey = await call('POST', '/api/v1/user/accessKey', {
    name: '钥匙',
    spaceIds: [spaceId],
  });
  // a finished export (its download reached too)
  const transfer = await call('POST', `/api/v1/space/${spaceId}/export`, { nodeId: pageId });
  await app.jobs.drain();
  const devices = await call('GET', '/api/v1/user/devices');
  const device = devices.list.find((d: { current: boolean }) => !d.current);
  // goods for sale (kept by administrators, whom no caller here is) and the owner's sandbox order
  const [goods] = await queryRows<{ id: string }>(
    db,
    sql`insert into goods (name, kind, price_cny, price_usd, quotas, term_days)
      values ('专业版', 'personal', 9900, 1500, '{"spaces": 100}', 30) returning id`,
  );
  const order = await call('POST', '/api/v1/order', { goodsId: goods!.id, payType: 'sandbox' });
  const orderToCancel = await call('POST', '/api/v1/order', {
    goodsId: goods!.id,
    payType: 'sandbox',
  });

  const ids: Record<string, string> = {
    spaceId,
    pageId,
    topicId: topic.topicId,
    parentId: topic.topicId,
    targetId: pageId,
    commentId: comment.commentId,
    linkId: link.linkId,
    fileId,
    noteId: note.noteId,
    chatId,
    sessionId: conversation.id,
    groupId: groups[0].groupId,
    memberGroupId: memberGroup.memberGroupId,
    recycleId: deleted.recycleItemId,
    deviceId: device.id,
    // a friend of the owner's and a member of the owner's team
    userId: String(member.id),
    teamId: team.teamId,
    memberId: String(member.id),
    goodsId: goods!.id,
    orderId: order.orderId,
    shareId: share.shareId,
    templateId: template.templateId,
    keyId: accessKey.key.keyId,
    transferId: transfer.transferId,
  };
  /** `{id}` by the path segment before it */
  const idBefore: Record<string, string | undefined> = {
    devices: ids.deviceId,
    group: ids.groupId,
    space: spaceId,
    page: pageId,
    comment: ids.commentId,
    topic: ids.topicId,
    link: ids.linkId,
    node: pageId,
    memberGroup: ids.memberGroupId,
    recycle: ids.recycleId,
    note: ids.noteId,
    file: fileId,
    preview: fileId,
    session: ids.sessionId,
    order: ids.orderId,
    goods: ids.goodsId,
    team: ids.teamId,
    share: ids.shareId,
    template: ids.templateId,
    accessKey: ids.keyId,
    transfer: ids.transferId,
  };
  const values: Record<string, string | number> = {
    memberType: 'user',
    targetType: 'page',
    version: '1',
    // a block's id, as its save names it in `blockId` too
    id: 'b1',
    blockId: 'b1',
    afterBlockId: 'b1',
    beforeSpaceId: spaceId,
    account: String(member.id),
    baseRevision: saved.revision,
    payType: 'sandbox',
    token: share.token,
    key: 'meeting-notes',
    keywords: '模糊测试',
  };
  const real: RealValues = {
    pathParam(path, name) {
      if (name !== 'id') return String(values[name] ?? ids[name] ?? '') || undefined;
      // one order is paid and refunded, another cancelled
      if (path === '/api/v1/order/{id}/cancel') return orderToCancel.orderId;
      const before = path.split('/{id}')[0]!.split('/').at(-1)!;
      return idBefore[before];
    },
    field: (name) => values[name] ?? ids[name],
  };
  return { real, values, callers: { anonymous: {}, reader: asReader, owner: asOwner } };
}

/** A request left hanging is a failure too (reported as status 0), not a stalled run. */
async function answerOf(response: Promise<{ statusCode: number; body: string }>) {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<{ statusCode: number; body: string }>((resolve) => {
    timer = setTimeout(() => resolve({ statusCode: 0, body: 'no answer within 5 s' }), 5000);
  });
  try {
    return await Promise.race([response, hung]);
  } finally {
    clearTimeout(timer);
  }
}

interface Outcome {
  request: MalformedRequest;
  caller: string;
  status: number;
  body: string;
}

function describeOutcome({ request, caller, status, body }: Outcome, extra = '') {
  const payload =
    request.payload === undefined
      ? ''
      : ` payload ${JSON.stringify(request.payload.toString().slice(0, 200))}`;
  return (
    `${request.method} ${request.url.slice(0, 200)} as ${caller} [${request.kind}]` +
    `${payload} → ${status} ${body.slice(0, 300)}${extra}`
  );
}

describe(`malformed requests over every operation of the OpenAPI document (seed ${seed})`, () => {
  let app: App;
  let database: DatabaseHandle;
  let dataDir: string;
  let writes: Awaited<ReturnType<typeof installWriteLog>>;
  /** what the app logged at level error during the current request (an unexpected error's stack) */
  const errors: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'library-fuzz-'));
    database = await openPrivateTestDatabase();
    app = await buildApp({
      config: {
        ...loadConfig({
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          WEB_DIR: path.join(dataDir, 'no-web'),
        }),
        // thousands of requests: the limiter is tested in rate-limit.test.ts
        rateLimitPerMinute: 1_000_000,
      },
      database,
      sms: recordingSms(),
      logger: { level: 'error', stream: { write: (line: string) => void errors.push(line) } },
    });
    await app.ready();
    writes = await installWriteLog(database.db);
    expect(writes.tables).toBeGreaterThan(20);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the write log sees a changed timestamp, not a touched token nor a rolled back write', async () => {
    const db = database.db;
    const owner = await buildUser(db);
    const space = await buildSpace(db, owner.id);
    await authHeader(db, owner.id);
    expect(await writes.takeWrites()).toEqual(
      expect.arrayContaining(['auth_tokens', 'spaces', 'users']),
    );
    const later = sql`updated_at + interval '1 second'`;
    await db.execute(sql`update spaces set updated_at = ${later} where id = ${space.id}`);
    expect(await writes.takeWrites()).toEqual(['spaces']);
    await db.execute(sql`update auth_tokens set last_seen_at = now() where user_id = ${owner.id}`);
    expect(await writes.takeWrites()).toEqual([]);
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update spaces set updated_at = ${later} where id = ${space.id}`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await writes.takeWrites()).toEqual([]);
  });

  it('answers no 5xx and writes nothing for a refused request', { timeout: 240_000 }, async () => {
    const fixture = await buildFixture(app, database.db);
    await writes.takeWrites();
    const operations = operationsOf(app.swagger() as unknown as OpenApiDocument).filter(
      (op) =>
        !skipped.has(`${op.method} ${op.path}`) &&
        (!only || `${op.method} ${op.path}`.includes(only)),
    );
    if (!only) expect(operations.length).toBeGreaterThan(90);
    const ordered = operations.sort((a, b) => sendingRank(a) - sendingRank(b));
    const callers = Object.entries(fixture.callers);
    const perPair = Math.ceil(total / (ordered.length * callers.length));

    const random = seededRandom(seed);
    const failures: string[] = [];
    const counts = { sent: 0, accepted: 0, refused: 0 };
    /** operations that accepted at least one request: the run reaches their handlers too */
    const reached = new Set<string>();
    let address = 0;
    for (const op of ordered) {
      for (const [caller, auth] of callers) {
        for (let i = 0; i < perPair; i++) {
          const request = malformedRequest(op, fixture.real, random, auth);
          errors.length = 0;
          const res = await answerOf(
            app.inject({
              method: request.method,
              url: request.url,
              headers: request.headers,
              // each request from its own address: the login routes' tighter limit stays out
              remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            }),
          );
          const written = (await writes.takeWrites()).filter(
            (table) => !(table === 'audit_log' && refusalsAudited.has(`${op.method} ${op.path}`)),
          );
          counts.sent++;
          const outcome = { request, caller, status: res.statusCode, body: res.body };
          if (res.statusCode >= 500 || res.statusCode === 0 || res.body.includes('"code":100001')) {
            failures.push(describeOutcome(outcome, `\n    ${errors.join('').slice(0, 600)}`));
          } else if (res.statusCode >= 400) {
            counts.refused++;
            if (written.length > 0) {
              failures.push(describeOutcome(outcome, ` — but it wrote to ${written.join(', ')}`));
            }
          } else {
            counts.accepted++;
            reached.add(`${op.method} ${op.path}`);
            // a save answers the draft's new revision: the next plausible save builds on it
            const revision = /"revision":(\d+)/.exec(res.body)?.[1];
            if (revision && op.path.endsWith('/block')) fixture.values.baseRevision = +revision;
          }
        }
      }
    }
    expect(failures, `seed ${seed}: ${failures.length} failures\n${failures.join('\n')}`).toEqual(
      [],
    );
    if (only || process.env.FUZZ_REQUESTS) return;
    expect(counts.sent).toBeGreaterThanOrEqual(10_000);
    // most operations accepted some request, so the run reaches their handlers too — counted
    // without the administration's (no caller here is a system administrator); others need a
    // password or an SMS code nobody has
    const forCallers = (name: string) => !name.split(' ')[1]!.startsWith('/api/system/');
    const reachable = ordered.filter((op) => forCallers(`${op.method} ${op.path}`));
    expect([...reached].filter(forCallers).length).toBeGreaterThan(reachable.length * 0.7);
  });
});
