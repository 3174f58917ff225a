import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.js';

/** The default provider: writes the code to the server log, for installs without a gateway. */
export function createConsoleSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    async sendCode(mobile, code) {
      log.info({ sms: { mobile, code } }, `SMS verification code for ${mobile}: ${code}`);
    },
  };
}
