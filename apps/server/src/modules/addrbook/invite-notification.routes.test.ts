// Who is told of a friend request, a team invitation and a join request (the `invite` kind):
// the one asked, the invitee, the managers of the team — never the one who asked, nobody
// inactive, nobody who turned the kind off.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '@library/contract';
import { notifications, users } from '../../db/schema/index.js';
import { addrbookHelpers } from '../../../test/addrbook.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
});
afterAll(() => t.close());
const { person, befriend, team } = addrbookHelpers(() => t);

type Headers = Record<string, string>;

async function okData<T>(res: Promise<{ status: number; body: { code: number; data: unknown } }>) {
  const { status, body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(status).toBe(200);
  return body.data as T;
}

const inbox = async (headers: Headers): Promise<Notification[]> =>
  (await okData<NotificationList>(t.call('GET', '/api/v1/notification', headers))).list;

const mute = (headers: Headers) =>
  okData(t.call('PUT', '/api/v1/notification/settings', headers, { types: { invite: false } }));

describe('a friend request', () => {
  it('tells the one asked, once, naming who asks and what they wrote; not the asker, nor one who muted invites', async () => {
    const asker = await person();
    const asked = await person();
    const muted = await person();
    await mute(muted.headers);

    const sent = await okData<{ request: { requestId: string } }>(
      t.call('POST', '/api/v1/friend/request', asker.headers, {
        account: asked.id,
        message: '我是图书馆的小王',
      }),
    );
    // asking again while the first waits tells nobody again
    await okData(
      t.call('POST', '/api/v1/friend/request', asker.headers, { account: asked.id, message: '' }),
    );
    expect(await inbox(asked.headers)).toEqual([
      expect.objectContaining({
        type: 'invite',
        event: 'friendRequest',
        actor: expect.objectContaining({ userId: asker.id }),
        title: '测试用户',
        excerpt: '我是图书馆的小王',
        link: `/addrbook/invite/${sent.request.requestId}`,
        spaceId: null,
        pageId: null,
      }),
    ]);
    expect(await inbox(asker.headers)).toEqual([]);

    await okData(
      t.call('POST', '/api/v1/friend/request', asker.headers, { account: muted.id, message: '' }),
    );
    expect(await inbox(muted.headers)).toEqual([]);
  });
});

describe('a team invitation', () => {
  it('tells the invitee with the team’s name; not the manager who invited', async () => {
    const owner = await person();
    const friend = await person();
    await befriend(owner, friend);
    const club = await team(owner.headers, '摄影社');
    const invite = await okData<{ inviteId: string }>(
      t.call('POST', `/api/v1/team/${club.teamId}/invitation`, owner.headers, {
        userId: friend.user.id,
        message: '周末一起去拍照',
      }),
    );
    expect(await inbox(friend.headers)).toEqual([
      expect.objectContaining({
        type: 'invite',
        event: 'teamInvitation',
        actor: expect.objectContaining({ userId: owner.id }),
        title: '摄影社',
        excerpt: '周末一起去拍照',
        link: `/addrbook/invite/${invite.inviteId}`,
      }),
    ]);
    expect(await inbox(owner.headers)).toEqual([]);
  });
});

describe('a join request', () => {
  it('tells the managers of the team and of the teams above it — not plain members, the disabled, those who muted invites, or the one asking', async () => {
    const owner = await person();
    const [admin, member, disabled, muted] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const root = await team(owner.headers, '读书会');
    for (const [who, role] of [
      [admin, 'admin'],
      [member, 'member'],
      [disabled, 'admin'],
      [muted, 'admin'],
    ] as const) {
      await befriend(owner, who);
      await okData(
        t.call('POST', `/api/v1/team/${root.teamId}/member`, owner.headers, {
          userId: who.user.id,
          role,
        }),
      );
    }
    const sub = await team(owner.headers, '科幻小组', root.teamId);
    await mute(muted.headers);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.user.id));

    const joiner = await person();
    const { code } = await okData<{ code: string }>(
      t.call('GET', `/api/v1/team/${sub.teamId}/joinCode`, owner.headers),
    );
    const request = await okData<{ inviteId: string }>(
      t.call('POST', '/api/v1/team/join', joiner.headers, { code, message: '想一起读' }),
    );

    for (const manager of [owner, admin]) {
      expect(await inbox(manager.headers)).toEqual([
        expect.objectContaining({
          type: 'invite',
          event: 'teamJoinRequest',
          actor: expect.objectContaining({ userId: joiner.id }),
          title: '科幻小组',
          excerpt: '想一起读',
          link: `/addrbook/invite/${request.inviteId}`,
        }),
      ]);
    }
    for (const other of [member, muted, joiner]) expect(await inbox(other.headers)).toEqual([]);
    // a disabled account cannot log in to look: nothing was kept for it either
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, disabled.user.id)),
    ).toEqual([]);
  });
});
