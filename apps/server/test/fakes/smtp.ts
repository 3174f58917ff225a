// A real SMTP server on loopback (smtp-server) that keeps every mail it is given, parsed by
// mailparser as a mail program would read it. It asks for the login in its URL, offers no
// STARTTLS (plain loopback), and can refuse the next deliveries to show retries.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** the envelope's recipients (RCPT TO) */
  to: string[];
  mail: ParsedMail;
}

export async function startSmtpServer(login = { user: 'library', pass: 'mail-secret' }) {
  const received: ReceivedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusing > 0) {
            refusing -= 1;
            const error = Object.assign(new Error('Mailbox busy, try again later'), {
              responseCode: 451,
            });
            callback(error);
            return;
          }
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${login.user}:${login.pass}@127.0.0.1:${port}`,
    received,
    /** the mails delivered to this address so far */
    mailsTo: (address: string) =>
      received.filter((item) => item.to.includes(address)).map((item) => item.mail),
    /** refuses the next `count` deliveries with a temporary failure (451) */
    refuseNext(count: number) {
      refusing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
