import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.js';

export interface ConsoleSmsOptions {
  /** Outside production each code is also written as one plain line, easy to spot among the
   * JSON log lines; in production only the log line is written, as before. */
  production: boolean;
  write?: (text: string) => void;
}

/** The default provider: writes the code to the server log, for installs without a gateway. */
export function createConsoleSmsProvider(
  log: FastifyBaseLogger,
  { production, write = (text) => process.stdout.write(text) }: ConsoleSmsOptions,
): SmsProvider {
  return {
    name: 'console',
    async sendCode(mobile, code) {
      log.info({ sms: { mobile, code } }, `SMS verification code for ${mobile}: ${code}`);
      if (!production) write(`[短信验证码 / SMS code] ${mobile}: ${code}\n`);
    },
  };
}
