// Notification mail through a real SMTP server on loopback: what arrives, for whom, in which
// language, with which links; retries; the daily digest; and no mail at all without SMTP_URL.
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.js';
import { notificationSettings, users } from '../../db/schema/index.js';
import {
  addMember,
  authHeader,
  buildPage,
  buildSpaceWithRoles,
  buildUser,
  uniqueEmail,
} from '../../../test/factories.js';
import { startSmtpServer } from '../../../test/fakes/smtp.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { nextDigestAt } from './notification.schedule.js';

const publicUrl = 'https://library.example.test';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    mail: { smtpUrl: smtp.url, from: '公共图书馆 <library@example.test>' },
    publicUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Headers = Record<string, string>;

async function okData<T>(
  res: Promise<{ status: number; body: { code: number; data: unknown } }>,
): Promise<T> {
  const { status, body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(status).toBe(200);
  return body.data as T;
}

/** A space with a person in each role and a published page of the owner's. */
async function world() {
  const w = await buildSpaceWithRoles(t.db);
  const page = await buildPage(t.db, w.space.id, w.ids.owner, { name: '借阅规则' });
  await okData(t.call('POST', `/api/v2/space/page/${page.id}/version`, w.as.owner, { name: 'v1' }));
  await t.jobs.drain();
  return { ...w, pageId: page.id };
}

async function giveEmail(userId: number) {
  const email = uniqueEmail();
  await t.db.update(users).set({ email }).where(eq(users.id, userId));
  return email;
}

/** The person chooses how to be mailed, through the settings, in `locale`. */
function chooseMail(headers: Headers, email: string, locale = 'zh_CN') {
  return okData(t.call('PUT', '/api/v1/notification/settings', { ...headers, locale }, { email }));
}

async function comment(headers: Headers, pageId: string, content: string, blockId?: string) {
  await okData(
    t.call('POST', `/api/v2/space/page/${pageId}/comment`, headers, { content, blockId }),
  );
  await t.jobs.drain();
}

const headerLine = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name.toLowerCase())?.line;

describe('mail at once', () => {
  it('mails a comment to the one who chose it: in their language, HTML and text, with the item, the settings and an unsubscribe link', async () => {
    const w = await world();
    const email = await giveEmail(w.ids.owner);
    const settings = await chooseMail(w.as.owner, 'immediate', 'en_US');
    expect(settings).toMatchObject({ email: 'immediate', emailAvailable: true });
    await comment(w.as.editor, w.pageId, 'The third rule needs a change', 'block-7');

    const mails = smtp.mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toMatchObject({ value: [{ address: email }] });
    expect(mail.from?.value[0]?.address).toBe('library@example.test');
    expect(mail.subject).toBe('测试用户 commented on “借阅规则”');
    const item = `${publicUrl}/space/${w.space.id}/page/${w.pageId}?block=block-7`;
    const settingsLink = `${publicUrl}/notifications/settings`;
    expect(mail.text).toContain('The third rule needs a change');
    expect(mail.text).toContain(item);
    expect(mail.text).toContain(settingsLink);
    expect(mail.html).toContain(`href="${item}"`);
    expect(mail.html).toContain(`href="${settingsLink}"`);
    expect(mail.html).toContain('<html lang="en-US">');
    // the List-Unsubscribe headers as a mail program reads them
    const list = mail.headers.get('list') as {
      unsubscribe?: { url?: string };
      'unsubscribe-post'?: { name?: string };
    };
    const unsubscribe = list.unsubscribe?.url;
    expect(unsubscribe).toMatch(
      `${publicUrl}/api/v1/notification/unsubscribe?user=${w.ids.owner}&expires=`,
    );
    expect(list['unsubscribe-post']?.name).toBe('List-Unsubscribe=One-Click');
    expect(headerLine(mail, 'Auto-Submitted')).toBe('Auto-Submitted: auto-generated');
    // the one who commented is never mailed of it
    expect(smtp.received.some((item) => item.to.includes(String(w.ids.editor)))).toBe(false);

    // opening the link asks first and changes nothing; a one-click POST turns mail off
    const path = unsubscribe!.slice(publicUrl.length);
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.body).toContain('<form method="post"');
    expect(await okData(t.call('GET', '/api/v1/notification/settings', w.as.owner))).toMatchObject({
      email: 'immediate',
    });
    const clicked = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain('Unsubscribed');
    expect(await okData(t.call('GET', '/api/v1/notification/settings', w.as.owner))).toMatchObject({
      email: 'off',
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: path.replace(`user=${w.ids.owner}`, `user=${w.ids.admin}`),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('writes in Chinese to someone whose language is not known, with mentions as names', async () => {
    const w = await world();
    const email = await giveEmail(w.ids.reader);
    await t.db.insert(notificationSettings).values({ userId: w.ids.reader, email: 'immediate' });
    await comment(w.as.editor, w.pageId, `<@${w.ids.reader}> 请看第三条`);
    const [mail] = smtp.mailsTo(email);
    expect(mail?.subject).toBe('测试用户在《借阅规则》的评论中提到了你');
    expect(mail?.text).toContain('@测试用户 请看第三条');
    expect(mail?.html).toContain('<html lang="zh-CN">');
    expect(mail?.html).toContain('退订邮件提醒');
  });

  it('mails nobody who turned mail off, has no address, is disabled, or did it', async () => {
    const w = await world();
    const before = smtp.received.length;
    // off (the default), with an address
    await giveEmail(w.ids.admin);
    // immediate, without an address
    await chooseMail(w.as.reader, 'immediate');
    // immediate and an address, then disabled
    const disabled = await buildUser(t.db, { email: uniqueEmail() });
    await addMember(t.db, w.space.id, disabled.id, 'reader');
    await chooseMail(await authHeader(t.db, disabled.id), 'immediate');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.id));
    // the one who comments, mailed at once of others' comments
    await giveEmail(w.ids.editor);
    await chooseMail(w.as.editor, 'immediate');
    // and the page's author, who is mailed
    const author = await giveEmail(w.ids.owner);
    await chooseMail(w.as.owner, 'immediate');

    await comment(
      w.as.editor,
      w.pageId,
      `<@${w.ids.admin}> <@${w.ids.reader}> <@${disabled.id}> <@${w.ids.editor}>`,
    );
    expect(smtp.received.slice(before).map((item) => item.to)).toEqual([[author]]);
  });

  it('tries again later when the SMTP server fails, and mails once', async () => {
    const w = await world();
    const email = await giveEmail(w.ids.owner);
    await chooseMail(w.as.owner, 'immediate');
    smtp.refuseNext(1);
    await comment(w.as.editor, w.pageId, '再试一次');
    expect(smtp.mailsTo(email)).toHaveLength(0);
    const [job] = await queryRows<{ attempts: number; last_error: string }>(
      t.db,
      sql`select attempts, last_error from jobs where kind = 'notification.mail'
          and (payload->>'userId')::bigint = ${w.ids.owner}`,
    );
    expect(job?.attempts).toBe(1);
    expect(job?.last_error).toContain('451');
    await t.db.execute(sql`update jobs set run_at = now() where kind = 'notification.mail'`);
    await t.jobs.drain();
    await t.jobs.drain();
    expect(smtp.mailsTo(email).map((mail) => mail.subject)).toEqual(['测试用户评论了《借阅规则》']);
  });
});

describe('the daily digest', () => {
  const makeDue = () =>
    t.db.execute(sql`update jobs set run_at = now() where kind = 'notification.digest'`);
  const digestRunAt = async () =>
    (
      await queryRows<{ run_at: Date | string }>(
        t.db,
        sql`select run_at from jobs where kind = 'notification.digest' and failed_at is null`,
      )
    ).map((row) => new Date(row.run_at));

  it('is waiting for the next 09:00 in MAIL_TIME_ZONE', async () => {
    const [runAt, ...others] = await digestRunAt();
    expect(others).toEqual([]);
    expect(runAt!.getTime()).toBe(
      nextDigestAt(new Date(runAt!.getTime() - 1), 'Asia/Shanghai').getTime(),
    );
    expect(runAt!.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('sends one mail at 09:00 with what is unread, records it, and never sends an item twice', async () => {
    const w = await world();
    const email = await giveEmail(w.ids.reader);
    await chooseMail(w.as.reader, 'daily', 'zh_TW');
    for (const text of ['第一条', '第二条', '第三条']) {
      await comment(w.as.editor, w.pageId, `<@${w.ids.reader}> ${text}`);
    }
    // nothing at once for a daily reader
    expect(smtp.mailsTo(email)).toHaveLength(0);
    const inbox = await okData<{ list: Array<{ notificationId: string; excerpt: string }> }>(
      t.call('GET', '/api/v1/notification', w.as.reader),
    );
    const second = inbox.list.find((item) => item.excerpt.endsWith('第二条'))!;
    await okData(t.call('PUT', `/api/v1/notification/${second.notificationId}/read`, w.as.reader));

    await makeDue();
    const ran = Date.now();
    await t.jobs.drain();
    const mails = smtp.mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('公共圖書館每日摘要：2 則未讀通知');
    expect(mails[0]!.text).toContain('第一条');
    expect(mails[0]!.text).toContain('第三条');
    expect(mails[0]!.text).not.toContain('第二条');
    expect(mails[0]!.html).toContain(`href="${publicUrl}/space/${w.space.id}/page/${w.pageId}"`);
    // the next one waits for the next 09:00
    const [next] = await digestRunAt();
    expect(next!.getTime()).toBe(nextDigestAt(new Date(ran), 'Asia/Shanghai').getTime());

    // the next digest has nothing new: no mail
    await makeDue();
    await t.jobs.drain();
    expect(smtp.mailsTo(email)).toHaveLength(1);

    // then only what came since
    await comment(w.as.editor, w.pageId, `<@${w.ids.reader}> 第四条`);
    await makeDue();
    await t.jobs.drain();
    const [, latest] = smtp.mailsTo(email);
    expect(latest?.subject).toBe('公共圖書館每日摘要：1 則未讀通知');
    expect(latest?.text).toContain('第四条');
    expect(latest?.text).not.toContain('第一条');
  });
});

describe('without SMTP_URL', () => {
  it('attempts no mail, and the settings say mail is unavailable', async () => {
    const plain = await createTestApp();
    try {
      const w = await buildSpaceWithRoles(plain.db);
      const page = await buildPage(plain.db, w.space.id, w.ids.owner, { name: '借阅规则' });
      await plain.db.update(users).set({ email: uniqueEmail() }).where(eq(users.id, w.ids.owner));
      const settings = await okData(
        plain.call('PUT', '/api/v1/notification/settings', w.as.owner, { email: 'immediate' }),
      );
      expect(settings).toMatchObject({ email: 'immediate', emailAvailable: false });
      const before = smtp.received.length;
      await okData(
        plain.call('POST', `/api/v2/space/page/${page.id}/comment`, w.as.editor, { content: '好' }),
      );
      await plain.jobs.drain();
      expect(smtp.received.length).toBe(before);
      // no digest is waiting either
      expect(
        await queryRows(
          plain.db,
          sql`select id from jobs where kind = 'notification.digest'
              and queue is not distinct from nullif(current_setting('library.job_queue', true), '')`,
        ),
      ).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
