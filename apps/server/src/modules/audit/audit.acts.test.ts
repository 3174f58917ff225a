// The acts recorded outside logins and the user administration, through the real calls: goods and
// refunds, model providers (never their key), a space's member groups, visitor switches, shares
// (never their token or password), access keys, exports — each row with its action, target,
// space and address — and a space's own rows for its admins and owner alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Role, type AuditEntry } from '@library/contract';
import {
  authHeader,
  buildSpaceWithRoles,
  buildUser,
  uniqueMobile,
} from '../../../test/factories.js';
import { orderCalls } from '../../../test/orders.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { verifyAuditChain } from './audit.verify.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
  admin = await authHeader(t.db, (await buildUser(t.db, { roles: [Role.admin] })).id);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const address = '203.0.113.44';

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers,
    remoteAddress: address,
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The rows of `targetType` `targetId`, newest first. */
async function rowsOf(targetType: string, targetId: string): Promise<AuditEntry[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/system/v1/audit?targetType=${targetType}&pageSize=100`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as AuditEntry[]).filter((row) => row.targetId === targetId);
}

const actions = (rows: AuditEntry[]) => rows.map((row) => row.action).reverse();

describe('the administration’s acts', () => {
  it('records goods made, changed and deleted with before and after', async () => {
    const h = orderCalls(t);
    const { goodsId } = await h.goods(admin, { name: '审计版' });
    await call('PUT', `/api/system/v1/goods/${goodsId}`, admin, {
      name: '审计版 2',
      kind: 'personal',
      prices: { CNY: 100, USD: 20 },
      quotas: {},
      termDays: 30,
    });
    await call('DELETE', `/api/system/v1/goods/${goodsId}`, admin);
    const rows = await rowsOf('goods', goodsId);
    expect(actions(rows)).toEqual(['goods.create', 'goods.update', 'goods.delete']);
    expect(rows[1]).toMatchObject({
      address,
      before: { name: '审计版' },
      after: { name: '审计版 2', priceCny: 100 },
    });
    expect(rows[0]).toMatchObject({ before: { name: '审计版 2' }, after: null });
  });

  it('records a refund and a refund declined, with the order’s states', async () => {
    const h = orderCalls(t);
    const { goodsId } = await h.goods(admin);
    const buyer = await h.person();
    const refunded = await h.order(buyer.headers, goodsId);
    await call('POST', `/api/v1/order/${refunded.orderId}/sandboxPay`, buyer.headers);
    await call('POST', `/api/system/v1/order/${refunded.orderId}/refund`, admin, {
      reason: '重复',
    });
    const declined = await h.order(buyer.headers, goodsId);
    await call('POST', `/api/v1/order/${declined.orderId}/sandboxPay`, buyer.headers);
    await call('POST', `/api/v1/order/${declined.orderId}/refund`, buyer.headers, {
      reason: '不要',
    });
    await call('POST', `/api/system/v1/order/${declined.orderId}/refund/close`, admin, {
      reason: '已超过期限',
    });
    expect((await rowsOf('order', refunded.orderId))[0]).toMatchObject({
      action: 'order.refund',
      address,
      before: { state: 'paid' },
      after: { state: 'refundCompleted', reason: '重复' },
    });
    expect((await rowsOf('order', declined.orderId))[0]).toMatchObject({
      action: 'order.refund.close',
      before: { state: 'refunding' },
      after: { state: 'refundClosed', refundCloseReason: '已超过期限' },
    });
  });

  it('records model providers without their key', async () => {
    const provider = await call('POST', '/api/system/v1/ai/provider', admin, {
      name: '审计模型',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-audit-secret',
      chatModel: 'chat-1',
    });
    await call('PUT', `/api/system/v1/ai/provider/${provider.id}`, admin, {
      name: '审计模型',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'sk-audit-secret-2',
      chatModel: 'chat-2',
    });
    await call('DELETE', `/api/system/v1/ai/provider/${provider.id}`, admin);
    const rows = await rowsOf('aiProvider', provider.id);
    expect(actions(rows)).toEqual([
      'ai.provider.create',
      'ai.provider.update',
      'ai.provider.delete',
    ]);
    expect(rows[1]).toMatchObject({
      before: { chatModel: 'chat-1', hasApiKey: true },
      after: { chatModel: 'chat-2', hasApiKey: true },
    });
    expect(JSON.stringify(rows)).not.toMatch(/sk-audit|apiKeySealed|v1:/);
  });
});

describe('a space’s acts', () => {
  it('records member groups, members, visitor switches and shares with the space', async () => {
    const { space, as, ids } = await buildSpaceWithRoles(t.db);
    const { memberGroupId } = await call(
      'POST',
      `/api/v2/space/${space.id}/memberGroup`,
      as.owner,
      {
        name: '审阅组',
        role: 'reader',
      },
    );
    const newcomer = await buildUser(t.db, { mobile: uniqueMobile() });
    await call('POST', `/api/v2/space/memberGroup/${memberGroupId}/member`, as.admin, {
      memberType: 'user',
      account: newcomer.mobile,
    });
    await call('PUT', `/api/v2/space/memberGroup/${memberGroupId}`, as.owner, { role: 'editor' });
    await call(
      'DELETE',
      `/api/v2/space/memberGroup/${memberGroupId}/member/user/${newcomer.id}`,
      as.owner,
    );
    await call('DELETE', `/api/v2/space/memberGroup/${memberGroupId}`, as.owner);
    const groupRows = await rowsOf('memberGroup', memberGroupId);
    expect(actions(groupRows)).toEqual([
      'space.memberGroup.create',
      'space.member.add',
      'space.memberGroup.role',
      'space.member.remove',
      'space.memberGroup.delete',
    ]);
    expect(groupRows.every((row) => row.spaceId === space.id && row.address === address)).toBe(
      true,
    );
    expect(groupRows[3]).toMatchObject({
      actorId: String(ids.admin),
      after: { memberType: 'user', memberId: String(newcomer.id), role: 'reader' },
    });
    expect(groupRows[2]).toMatchObject({ before: { role: 'reader' }, after: { role: 'editor' } });

    await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: true });
    await call('PUT', `/api/v2/space/${space.id}`, as.owner, { name: '改名不记' });
    expect(await rowsOf('space', space.id)).toMatchObject([
      {
        action: 'space.visitors',
        before: { openToVisitors: false },
        after: { openToVisitors: true },
      },
    ]);
    const { topicId } = await call('POST', `/api/v2/space/${space.id}/topic`, as.owner, {
      name: '内部',
    });
    await call('PUT', `/api/v2/space/topic/${topicId}/visitors`, as.admin, {
      visitorsClosed: true,
    });
    expect(await rowsOf('topic', topicId)).toMatchObject([
      { action: 'space.topic.visitors', spaceId: space.id, after: { visitorsClosed: true } },
    ]);

    const share = await call('POST', '/api/v1/share', as.owner, {
      targetType: 'space',
      targetId: space.id,
      expiry: 'never',
      showComments: true,
      allowDownload: true,
      allowAi: false,
      password: 'share-pass-1',
    });
    await call('PUT', `/api/v1/share/${share.shareId}`, as.owner, { allowDownload: false });
    await call('DELETE', `/api/v1/share/${share.shareId}`, as.owner);
    const shareRows = await rowsOf('share', share.shareId);
    expect(actions(shareRows)).toEqual(['share.create', 'share.update', 'share.revoke']);
    expect(shareRows[1]).toMatchObject({
      spaceId: space.id,
      before: { allowDownload: true, hasPassword: true },
      after: { allowDownload: false },
    });
    expect(JSON.stringify(shareRows)).not.toMatch(new RegExp(`share-pass-1|${share.token}`));
  });

  it('records access keys made and revoked, and an export started', async () => {
    const { space, as, ids } = await buildSpaceWithRoles(t.db);
    const made = await call('POST', '/api/v1/user/accessKey', as.reader, {
      name: '审计钥匙',
      spaceIds: [space.id],
    });
    await call('DELETE', `/api/v1/user/accessKey/${made.key.keyId}`, as.reader);
    const keyRows = await rowsOf('accessKey', made.key.keyId);
    expect(actions(keyRows)).toEqual(['accessKey.create', 'accessKey.revoke']);
    expect(keyRows[1]).toMatchObject({
      actorId: String(ids.reader),
      after: { name: '审计钥匙', spaceIds: [space.id] },
    });
    expect(JSON.stringify(keyRows)).not.toContain(made.token);

    const transfer = await call('POST', `/api/v1/space/${space.id}/export`, as.owner, {
      format: 'markdown',
    });
    expect(await rowsOf('transfer', transfer.transferId)).toMatchObject([
      { action: 'space.export', spaceId: space.id, address, after: { format: 'markdown' } },
    ]);
    expect((await verifyAuditChain(t.db)).problems).toEqual([]);
  });
});

describe('GET /api/v2/space/{spaceId}/audit', () => {
  it('answers the space’s rows to its admins and owner, and no space to anyone else', async () => {
    const { space, as } = await buildSpaceWithRoles(t.db);
    const other = await buildSpaceWithRoles(t.db);
    await call('PUT', `/api/v2/space/${space.id}`, as.owner, { openToVisitors: true });
    await call('PUT', `/api/v2/space/${other.space.id}`, other.as.owner, { openToVisitors: true });
    await call('POST', `/api/v2/space/${space.id}/memberGroup`, as.admin, {
      name: '新组',
      role: 'reader',
    });
    const url = `/api/v2/space/${space.id}/audit`;
    for (const caller of ['owner', 'admin'] as const) {
      const page = await call('GET', `${url}?pageSize=10`, as[caller]);
      expect(page.total).toBe(2);
      expect(page.list.map((row: AuditEntry) => row.action)).toEqual([
        'space.memberGroup.create',
        'space.visitors',
      ]);
      expect(page.list.every((row: AuditEntry) => row.spaceId === space.id)).toBe(true);
    }
    const filtered = await call('GET', `${url}?action=space.visitors&page=0&pageSize=1`, as.owner);
    expect(filtered).toMatchObject({ total: 1, page: 0, pageSize: 1 });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await call('GET', `${url}?from=${encodeURIComponent(later)}`, as.owner)).total).toBe(0);
    for (const caller of ['editor', 'reader', 'outsider'] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: as[caller] });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.dataMissing);
    }
  });
});
