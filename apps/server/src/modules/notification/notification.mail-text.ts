// What a notification mail says, in the recipient's language (zh_CN, zh_TW, en_US): its subject,
// one line per notification (who did what, where), the excerpt, when, and a link to open it; the
// footer says why the mail came and links to the settings and to unsubscribing. Every value
// from people (names, titles, what they wrote) is escaped in the HTML part.
import type { Locale, NotificationEvent, NotificationType } from '@library/contract';

export interface MailItem {
  type: NotificationType;
  event: NotificationEvent | null;
  /** who did it; null for the system or someone since deleted */
  actor: string | null;
  title: string;
  excerpt: string;
  createdAt: Date;
  /** absolute */
  link: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

type Line = (actor: string, title: string) => string;
type What = NotificationType | NotificationEvent;

interface Texts {
  lang: string;
  product: string;
  someone: string;
  lines: Record<What, Line>;
  many: (count: number) => string;
  digest: (count: number) => string;
  greeting: (name: string) => string;
  digestIntro: string;
  open: string;
  why: string;
  settings: string;
  unsubscribe: string;
}

const zhCN: Texts = {
  lang: 'zh-CN',
  product: '公共图书馆',
  someone: '有人',
  lines: {
    mention: (a, t) => `${a}在《${t}》的评论中提到了你`,
    reply: (a, t) => `${a}回复了你在《${t}》的评论`,
    comment: (a, t) => `${a}评论了《${t}》`,
    publish: (a, t) => `${a}发布了《${t}》的新版本`,
    share: (a, t) => `${a}与你分享了《${t}》`,
    invite: (a) => `${a}向你发出了邀请`,
    order: (_a, t) => `你的订单「${t}」有了新进展`,
    account: () => '你的账号有了变更',
    friendRequest: (a) => `${a}请求添加你为好友`,
    teamInvitation: (a, t) => `${a}邀请你加入团队「${t}」`,
    teamJoinRequest: (a, t) => `${a}申请加入团队「${t}」`,
    orderPaid: (_a, t) => `你的订单「${t}」已支付`,
    orderRefunded: (_a, t) => `你的订单「${t}」已退款`,
    accountEnabled: () => '你的账号已恢复使用',
    accountApproved: () => '你的注册申请已通过审核',
    accountRoles: () => '管理员更改了你的角色',
    accountPassword: () => '管理员为你的账号设置了新密码',
    accountPermission: () => '管理员更改了你的账号可用的功能',
    accountQuota: () => '管理员更改了你的账号配额',
  },
  many: (n) => `你有 ${n} 条新通知`,
  digest: (n) => `公共图书馆每日摘要：${n} 条未读通知`,
  greeting: (name) => `${name}，你好：`,
  digestIntro: '以下是自上次摘要以来你还没有读的通知：',
  open: '打开',
  why: '你收到这封邮件，是因为你在通知设置中开启了邮件提醒。',
  settings: '通知设置',
  unsubscribe: '退订邮件提醒',
};

const zhTW: Texts = {
  lang: 'zh-TW',
  product: '公共圖書館',
  someone: '有人',
  lines: {
    mention: (a, t) => `${a}在《${t}》的留言中提到了你`,
    reply: (a, t) => `${a}回覆了你在《${t}》的留言`,
    comment: (a, t) => `${a}在《${t}》留言`,
    publish: (a, t) => `${a}發布了《${t}》的新版本`,
    share: (a, t) => `${a}與你分享了《${t}》`,
    invite: (a) => `${a}向你發出了邀請`,
    order: (_a, t) => `你的訂單「${t}」有了新進展`,
    account: () => '你的帳號有了變更',
    friendRequest: (a) => `${a}請求加你為好友`,
    teamInvitation: (a, t) => `${a}邀請你加入團隊「${t}」`,
    teamJoinRequest: (a, t) => `${a}申請加入團隊「${t}」`,
    orderPaid: (_a, t) => `你的訂單「${t}」已付款`,
    orderRefunded: (_a, t) => `你的訂單「${t}」已退款`,
    accountEnabled: () => '你的帳號已恢復使用',
    accountApproved: () => '你的註冊申請已通過審核',
    accountRoles: () => '管理員變更了你的角色',
    accountPassword: () => '管理員為你的帳號設定了新密碼',
    accountPermission: () => '管理員變更了你的帳號可用的功能',
    accountQuota: () => '管理員變更了你的帳號配額',
  },
  many: (n) => `你有 ${n} 則新通知`,
  digest: (n) => `公共圖書館每日摘要：${n} 則未讀通知`,
  greeting: (name) => `${name}，你好：`,
  digestIntro: '以下是自上次摘要以來你還沒有讀的通知：',
  open: '開啟',
  why: '你收到這封郵件，是因為你在通知設定中開啟了郵件提醒。',
  settings: '通知設定',
  unsubscribe: '取消郵件提醒',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const enUS: Texts = {
  lang: 'en-US',
  product: 'Public Library',
  someone: 'Someone',
  lines: {
    mention: (a, t) => `${a} mentioned you in a comment on “${t}”`,
    reply: (a, t) => `${a} replied to your comment on “${t}”`,
    comment: (a, t) => `${a} commented on “${t}”`,
    publish: (a, t) => `${a} published a new version of “${t}”`,
    share: (a, t) => `${a} shared “${t}” with you`,
    invite: (a) => `${a} sent you an invitation`,
    order: (_a, t) => `News of your order “${t}”`,
    account: () => 'Your account was changed',
    friendRequest: (a) => `${a} wants to be your friend`,
    teamInvitation: (a, t) => `${a} invited you to the team “${t}”`,
    teamJoinRequest: (a, t) => `${a} asked to join the team “${t}”`,
    orderPaid: (_a, t) => `Your order “${t}” is paid`,
    orderRefunded: (_a, t) => `Your order “${t}” was refunded`,
    accountEnabled: () => 'Your account is enabled again',
    accountApproved: () => 'Your registration was approved',
    accountRoles: () => 'An administrator changed your roles',
    accountPassword: () => 'An administrator set a new password for your account',
    accountPermission: () => 'An administrator changed the features your account may use',
    accountQuota: () => 'An administrator changed the quotas of your account',
  },
  many: (n) => plural(n, 'new notification', 'new notifications'),
  digest: (n) => `Your daily digest: ${plural(n, 'unread notification', 'unread notifications')}`,
  greeting: (name) => `Hello ${name},`,
  digestIntro: 'Here is what you have not read since the last digest:',
  open: 'Open',
  why: 'You get this mail because e-mail is on in your notification settings.',
  settings: 'Notification settings',
  unsubscribe: 'Unsubscribe',
};

const textsByLocale: Record<Locale, Texts> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS };

export function mailTexts(locale: Locale): Texts {
  return textsByLocale[locale];
}

/** The line saying who did what, where. */
export function itemLine(texts: Texts, item: MailItem): string {
  const line = texts.lines[item.event ?? item.type];
  return line(item.actor || texts.someone, item.title);
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => escapes[c]!);

export function composeMail(input: {
  locale: Locale;
  timeZone: string;
  nickname: string;
  items: MailItem[];
  digest: boolean;
  links: { settings: string; unsubscribe: string };
}): MailContent {
  const texts = mailTexts(input.locale);
  const { items, links } = input;
  const subject = input.digest
    ? texts.digest(items.length)
    : items.length === 1
      ? itemLine(texts, items[0]!)
      : texts.many(items.length);
  const when = new Intl.DateTimeFormat(texts.lang, {
    timeZone: input.timeZone,
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  const textItems = items.map((item) =>
    [
      `• ${itemLine(texts, item)}`,
      ...(item.excerpt ? [`  “${item.excerpt}”`] : []),
      `  ${when.format(item.createdAt)}`,
      `  ${item.link}`,
    ].join('\n'),
  );
  const text = [
    texts.greeting(input.nickname),
    ...(input.digest ? [texts.digestIntro] : []),
    textItems.join('\n\n'),
    '-- ',
    `${texts.why}\n${texts.settings}: ${links.settings}\n${texts.unsubscribe}: ${links.unsubscribe}`,
  ].join('\n\n');

  const e = escapeHtml;
  const htmlItems = items
    .map(
      (item) => `<tr><td style="padding:12px 0;border-top:1px solid #f0f0f0">
<div style="font-weight:600;color:#1f1f1f">${e(itemLine(texts, item))}</div>
${item.excerpt ? `<div style="margin-top:4px;color:#595959">${e(item.excerpt)}</div>` : ''}
<div style="margin-top:4px;font-size:12px;color:#8c8c8c">${e(when.format(item.createdAt))}</div>
<div style="margin-top:8px"><a href="${e(item.link)}" style="color:#1677ff;text-decoration:none">${e(texts.open)} →</a></div>
</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${texts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f5f5f5;font-family:-apple-system,'PingFang SC','Microsoft YaHei','Helvetica Neue',Arial,sans-serif;font-size:14px;line-height:1.6;color:#1f1f1f">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;border-collapse:separate">
<tr><td style="padding-bottom:12px;font-size:16px;font-weight:600">${e(texts.product)}</td></tr>
<tr><td style="padding-bottom:8px">${e(texts.greeting(input.nickname))}</td></tr>
${input.digest ? `<tr><td style="padding-bottom:8px">${e(texts.digestIntro)}</td></tr>` : ''}
${htmlItems}
<tr><td style="padding-top:16px;border-top:1px solid #f0f0f0;font-size:12px;color:#8c8c8c">${e(texts.why)}<br>
<a href="${e(links.settings)}" style="color:#8c8c8c">${e(texts.settings)}</a> · <a href="${e(links.unsubscribe)}" style="color:#8c8c8c">${e(texts.unsubscribe)}</a></td></tr>
</table>
</body></html>`;
  return { subject, text, html };
}
