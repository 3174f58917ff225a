// Sending mail through the SMTP server of SMTP_URL (nodemailer). One pooled transport per
// instance: the job worker sends one mail at a time, so a connection or two is reused across a
// digest's mails rather than opened for each. Timeouts are short so that an SMTP server that
// stopped answering fails the job (to be retried) instead of holding the worker for minutes.
import { createTransport } from 'nodemailer';
import type { MailSettings } from './mail-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(settings: MailSettings): Mailer {
  const transport = createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
