// What the modules share, made once per app: the database, the stores of files and avatars, the
// signers, the key cipher, the one blocks cache, the SMS and payment providers. Each module's
// register function takes the part of it that it needs (modules/<name>/<name>.module.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { createKeyCipher } from './infra/llm/key-cipher.js';
import { createMailer } from './infra/mail/mailer.js';
import { createPaymentProviders } from './infra/payment/payment.js';
import { readOrCreateSecret } from './infra/secrets.js';
import { createAliyunSmsProvider } from './infra/sms/aliyun-provider.js';
import { createConsoleSmsProvider } from './infra/sms/console-provider.js';
import type { SmsProvider } from './infra/sms/sms-provider.js';
import { createStorage } from './infra/storage/storage.js';
import { createPreviewSigner, type FileDeps } from './modules/file/index.js';
import type { OrderDeps } from './modules/order/index.js';
import { createUnsubscribeSigner } from './modules/notification/index.js';
import { createBlocksCache } from './modules/page/index.js';
import { createGrantSigner } from './modules/share/index.js';
import { createAvatarStore } from './modules/user/index.js';

export type AppServices = ReturnType<typeof createAppServices>;

export function createAppServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  options: { version: string; sms?: SmsProvider | undefined },
) {
  const db = database.db;
  // a secret from the environment (several instances share it), else one made in DATA_DIR
  const previewSecret =
    config.previewSecret ?? readOrCreateSecret(config.dataDir, 'preview-secret');
  const files: FileDeps = {
    db,
    storage: createStorage(config, 'files'),
    quotas: config.quotas,
    signer: createPreviewSigner(previewSecret),
  };
  const orders: OrderDeps = {
    db,
    providers: createPaymentProviders(config.payment),
    expireMinutes: config.payment.orderExpireMinutes,
    log,
  };
  if (config.production && orders.providers.has('sandbox')) {
    log.warn('PAYMENT_PROVIDERS includes sandbox: anyone can pay for an order with one click');
  }
  return {
    config,
    database,
    db,
    // background work asks the database through this: on PGlite it lets waiting requests go
    // first before each statement
    background: database.background,
    log,
    version: options.version,
    quotas: config.quotas,
    modelTimeoutMs: config.aiModelTimeoutMs,
    treeRows: database.kind === 'postgres' ? ('rows' as const) : ('one-json-row' as const),
    sms: options.sms ?? smsProvider(config, log),
    avatars: createAvatarStore(createStorage(config, 'avatars')),
    files,
    grants: createGrantSigner(previewSecret),
    cipher: createKeyCipher(
      config.aiSecretKey ?? readOrCreateSecret(config.dataDir, 'ai-secret.key'),
    ),
    // one cache of pages' blocks for every reader of them — the page routes, share links and
    // both MCP ends — so one budget bounds the memory it takes
    blocks: createBlocksCache(),
    orders,
    // notification mail: sent only when SMTP_URL is set; the unsubscribe links of mails are
    // signed with a key of their own derived from the preview secret
    mailer: config.mail ? createMailer(config.mail) : undefined,
    unsubscribe: createUnsubscribeSigner(previewSecret),
  };
}

function smsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  if (config.smsProvider === 'aliyun' && config.aliyunSms) {
    return createAliyunSmsProvider(config.aliyunSms);
  }
  return createConsoleSmsProvider(log, { production: config.production });
}
