// Outgoing mail's settings: SMTP_URL and MAIL_FROM together switch mail on (either alone is a
// mistake, refused at start-up); PUBLIC_URL is where the links in a mail lead; MAIL_TIME_ZONE is
// whose morning the daily digest goes out in.
import { ConfigError, text, type Env } from '../../config-env.js';

export interface MailSettings {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start) */
  smtpUrl: string;
  /** the From header: `公共图书馆 <noreply@example.com>` or a bare address */
  from: string;
}

export interface MailConfig {
  /** unset: no mail is attempted, and the notification settings say so */
  mail: MailSettings | undefined;
  /** the site's origin as people reach it (no trailing slash), for absolute links */
  publicUrl: string | undefined;
  /** an IANA time zone: the daily digest goes out at 09:00 there */
  mailTimeZone: string;
}

const httpUrl = /^https?:\/\/[^\s/]+(\/[^\s]*)?$/;

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export function loadMailConfig(env: Env): MailConfig {
  const smtpUrl = text(env, 'SMTP_URL');
  const from = text(env, 'MAIL_FROM');
  if (smtpUrl !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(smtpUrl);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname) {
      throw new ConfigError('SMTP_URL', 'must be smtp://[user:pass@]host[:port] or smtps://…');
    }
    if (from === undefined) throw new ConfigError('MAIL_FROM', 'is required with SMTP_URL');
  } else if (from !== undefined) {
    throw new ConfigError('SMTP_URL', 'is required with MAIL_FROM');
  }
  if (from !== undefined && !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(from)) {
    throw new ConfigError('MAIL_FROM', 'must be an address or "Name <address>"');
  }

  // the payment providers' base is the site's public origin too: one setting serves both
  const publicUrl = text(env, 'PUBLIC_URL') ?? text(env, 'PAYMENT_NOTIFY_BASE_URL');
  if (publicUrl !== undefined && !httpUrl.test(publicUrl)) {
    throw new ConfigError('PUBLIC_URL', 'must be an http:// or https:// URL');
  }
  if (smtpUrl !== undefined && publicUrl === undefined) {
    throw new ConfigError(
      'PUBLIC_URL',
      'is required with SMTP_URL (the links in a mail lead there)',
    );
  }

  const mailTimeZone = text(env, 'MAIL_TIME_ZONE') ?? 'Asia/Shanghai';
  if (!isTimeZone(mailTimeZone)) {
    throw new ConfigError('MAIL_TIME_ZONE', `is not a known time zone, got "${mailTimeZone}"`);
  }

  return {
    mail: smtpUrl !== undefined && from !== undefined ? { smtpUrl, from } : undefined,
    publicUrl: publicUrl?.replace(/\/+$/, ''),
    mailTimeZone,
  };
}
