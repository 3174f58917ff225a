// The unsubscribe link of every notification mail (also its List-Unsubscribe header): signed for
// one person, followed without logging in. Opening it (GET) shows a page asking to confirm —
// opening a link changes nothing, as link checkers and previews open links too; confirming, or a
// mail program's one-click unsubscribe (RFC 8058: a POST with `List-Unsubscribe=One-Click`),
// turns the person's notification mail off. Both answer a small page in the person's language.
import type { FastifyReply } from 'fastify';
import { resolveLocale, type Locale } from '@library/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { requestLocale } from '../../http/locale.js';
import type { App } from '../../http/route-types.js';
import type { UnsubscribeSigner } from './notification.mail.js';
import { escapeHtml, mailTexts } from './notification.mail-text.js';
import * as repo from './notification.repo.js';

const tags = ['notification'];
/** a one-click unsubscribe body is one short field */
const bodyLimit = 1024;

const unsubscribeQuerySchema = z.object({
  user: z.string().regex(/^\d{1,18}$/),
  expires: z.string().max(20),
  signature: z.string().max(100),
});

const pageResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

const pageTexts: Record<
  Locale,
  { title: string; ask: string; confirm: string; done: string; invalid: string }
> = {
  zh_CN: {
    title: '退订邮件提醒',
    ask: '确定不再接收通知邮件吗？站内通知不受影响，之后可以随时在通知设置中重新开启。',
    confirm: '确定退订',
    done: '已退订：你将不再收到通知邮件。需要时可在通知设置中重新开启。',
    invalid: '这个退订链接无效或已过期。请登录后在通知设置中关闭邮件提醒。',
  },
  zh_TW: {
    title: '取消郵件提醒',
    ask: '確定不再接收通知郵件嗎？站內通知不受影響，之後可以隨時在通知設定中重新開啟。',
    confirm: '確定取消',
    done: '已取消：你將不再收到通知郵件。需要時可在通知設定中重新開啟。',
    invalid: '這個取消連結無效或已過期。請登入後在通知設定中關閉郵件提醒。',
  },
  en_US: {
    title: 'Unsubscribe from notification mail',
    ask: 'Stop notification e-mails? Notifications on the site stay; you can turn mail on again in your notification settings at any time.',
    confirm: 'Unsubscribe',
    done: 'Unsubscribed: you will get no more notification e-mails. Turn them on again in your notification settings when you like.',
    invalid:
      'This unsubscribe link is not valid or has expired. Log in and turn mail off in your notification settings.',
  },
};

function sendPage(
  reply: FastifyReply,
  status: number,
  locale: Locale,
  message: string,
  form?: string,
) {
  const texts = mailTexts(locale);
  const page = pageTexts[locale];
  const e = escapeHtml;
  const button = form
    ? `<form method="post" action="${e(form)}"><button type="submit" style="margin-top:16px;padding:6px 16px;font-size:14px">${e(page.confirm)}</button></form>`
    : '';
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html>
<html lang="${texts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(page.title)} · ${e(texts.product)}</title></head>
<body style="font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;max-width:480px;margin:48px auto;padding:0 16px;line-height:1.6">
<h1 style="font-size:18px">${e(page.title)}</h1><p>${e(message)}</p>${button}
</body></html>`,
    );
}

export function registerUnsubscribeRoutes(
  app: App,
  deps: { db: Database; unsubscribe: UnsubscribeSigner },
) {
  const { db } = deps;

  /** The person the link is for, with their language; undefined when the link is not valid. */
  async function follow(query: z.infer<typeof unsubscribeQuerySchema>) {
    if (!deps.unsubscribe.verify(query)) return undefined;
    const recipient = await repo.mailRecipient(db, Number(query.user));
    return recipient && { ...recipient, locale: resolveLocale(recipient.locale ?? undefined) };
  }

  app.get(
    '/api/v1/notification/unsubscribe',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        querystring: unsubscribeQuerySchema,
        response: {
          200: pageResponse('A page asking to confirm (it changes nothing)'),
          400: pageResponse('The link is not valid or has expired'),
        },
      },
    },
    async (request, reply) => {
      const person = await follow(request.query);
      if (!person)
        return sendPage(
          reply,
          400,
          requestLocale(request),
          pageTexts[requestLocale(request)].invalid,
        );
      const form = `?${new URLSearchParams(request.query).toString()}`;
      return sendPage(reply, 200, person.locale, pageTexts[person.locale].ask, form);
    },
  );

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // the form's and a mail program's one-click POST; what they send is not needed
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/v1/notification/unsubscribe',
      {
        config: { auth: 'none' },
        bodyLimit,
        schema: {
          tags,
          querystring: unsubscribeQuerySchema,
          response: {
            200: pageResponse('Notification mail is off for the person of the link'),
            400: pageResponse('The link is not valid or has expired'),
          },
        },
      },
      async (request, reply) => {
        const person = await follow(request.query);
        if (!person || !(await repo.stopMail(db, person.userId))) {
          return sendPage(
            reply,
            400,
            requestLocale(request),
            pageTexts[requestLocale(request)].invalid,
          );
        }
        return sendPage(reply, 200, person.locale, pageTexts[person.locale].done);
      },
    );
  });
}
