// What the login module adds to the app: password and SMS logins.
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { App } from '../../http/route-types.js';
import type { SmsProvider } from '../../infra/sms/sms-provider.js';
import { registerLoginRoutes } from './login.routes.js';

export function registerLoginModule(
  app: App,
  deps: { db: Database; sms: SmsProvider; config: Config },
) {
  const { db, sms, config } = deps;
  registerLoginRoutes(app, {
    db,
    sms,
    fixedCode: config.smsFixedCode,
    registration: config.registration,
    quotas: config.quotas,
  });
}
