// Configuration comes only from the environment (docs/operations.md lists every variable).
// Invalid values stop start-up with one line naming the variable.
import path from 'node:path';
import { serverRoot } from './server-root.js';
import { defaultQuotas, type Quotas } from '@library/contract';
import { ConfigError, integer, oneOf, text, type Env } from './config-env.js';
import { loadMailConfig, type MailConfig } from './infra/mail/mail-config.js';
import { loadPaymentSettings, type PaymentSettings } from './infra/payment/payment-config.js';

export type RegistrationMode = 'open' | 'approval' | 'closed';
export type SmsProviderName = 'console' | 'aliyun';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
}

export interface Config extends MailConfig {
  port: number;
  host: string;
  dataDir: string;
  /** unset = embedded PGlite under DATA_DIR/db */
  databaseUrl: string | undefined;
  adminAccount: string | undefined;
  adminPassword: string | undefined;
  smsProvider: SmsProviderName;
  smsFixedCode: string | undefined;
  aliyunSms: AliyunSmsSettings | undefined;
  registration: RegistrationMode;
  logLevel: string;
  production: boolean;
  /** origins allowed to send cookie-authenticated writes besides the request's own host */
  trustedOrigins: string[];
  rateLimitPerMinute: number;
  /**
   * Redis for the API's rate-limit counters, shared by every instance; unset = counted in each
   * process (enough for one instance, which the embedded database implies)
   */
  redisUrl: string | undefined;
  /** behind a reverse proxy: take the client address from X-Forwarded-For */
  trustProxy: boolean;
  /** directory of the built web app; served with SPA fallback when it exists */
  webDir: string;
  /** how long a background job's claim lasts unless its worker renews it (a killed worker's job
   *  comes back to the others after it) */
  jobLeaseMs: number;
  // --- files ---
  /** where file bytes live: DATA_DIR/files or an S3-compatible bucket */
  storage: StorageName;
  s3: S3Settings | undefined;
  /** the site's quotas of an account (an administrator may change them for one account) */
  quotas: Quotas;
  /** HMAC key of preview URLs; unset = one generated once and kept under DATA_DIR */
  previewSecret: string | undefined;
  // --- AI chat ---
  /** seals model providers' API keys; unset = one generated once and kept under DATA_DIR */
  aiSecretKey: string | undefined;
  /** longest wait for a model's first token and between two streamed pieces */
  aiModelTimeoutMs: number;
  // --- orders and payment ---
  payment: PaymentSettings;
  // --- mail: `mail`, `publicUrl`, `mailTimeZone` from infra/mail/mail-config.ts ---
}

export type StorageName = 'local' | 's3';

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  forcePathStyle: boolean;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const redisUrl = text(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }

  const adminAccount = text(env, 'ADMIN_ACCOUNT');
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword !== '') {
    if (adminPassword.length < 8 || adminPassword.length > 16) {
      throw new ConfigError('ADMIN_PASSWORD', 'must be 8 to 16 characters long');
    }
    if (!adminAccount) throw new ConfigError('ADMIN_ACCOUNT', 'is required with ADMIN_PASSWORD');
  }
  if (adminAccount && !/^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/.test(adminAccount)) {
    throw new ConfigError('ADMIN_ACCOUNT', 'must be a mainland mobile number or an e-mail address');
  }

  const smsFixedCode = text(env, 'SMS_FIXED_CODE');
  if (smsFixedCode !== undefined) {
    if (production) throw new ConfigError('SMS_FIXED_CODE', 'is refused when NODE_ENV=production');
    if (!/^\d{6}$/.test(smsFixedCode)) throw new ConfigError('SMS_FIXED_CODE', 'must be 6 digits');
  }

  const smsProvider = oneOf(env, 'SMS_PROVIDER', ['console', 'aliyun'] as const, 'console');
  let aliyunSms: AliyunSmsSettings | undefined;
  if (smsProvider === 'aliyun') {
    const need = (name: string) => {
      const value = text(env, name);
      if (!value) throw new ConfigError(name, 'is required when SMS_PROVIDER=aliyun');
      return value;
    };
    aliyunSms = {
      accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
      accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
      signName: need('ALIYUN_SMS_SIGN_NAME'),
      templateCode: need('ALIYUN_SMS_TEMPLATE_CODE'),
      endpoint: text(env, 'ALIYUN_SMS_ENDPOINT') ?? 'https://dysmsapi.aliyuncs.com',
    };
  }

  const trustedOrigins = (text(env, 'TRUSTED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of trustedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError('TRUSTED_ORIGINS', `has an invalid origin "${origin}"`);
    }
  }

  const files = loadFileSettings(env);

  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    adminAccount,
    adminPassword: adminPassword || undefined,
    smsProvider,
    smsFixedCode,
    aliyunSms,
    registration: oneOf(env, 'REGISTRATION', ['open', 'approval', 'closed'] as const, 'open'),
    logLevel: oneOf(env, 'LOG_LEVEL', logLevels, 'info'),
    production,
    trustedOrigins,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    redisUrl,
    trustProxy: oneOf(env, 'TRUST_PROXY', ['true', 'false'] as const, 'false') === 'true',
    webDir: path.resolve(cwd, text(env, 'WEB_DIR') ?? path.join(serverRoot, '../web/dist')),
    jobLeaseMs: integer(env, 'JOB_LEASE_SECONDS', 30, 3, 3600) * 1000,
    ...files,
    ...loadAiSettings(env),
    payment: loadPaymentSettings(env),
    ...loadMailConfig(env),
  };
}

/** AI_SECRET_KEY and AI_MODEL_TIMEOUT_MS. */
function loadAiSettings(env: Env) {
  const aiSecretKey = text(env, 'AI_SECRET_KEY');
  if (aiSecretKey !== undefined && aiSecretKey.length < 32) {
    throw new ConfigError('AI_SECRET_KEY', 'must be at least 32 characters long');
  }
  return {
    aiSecretKey,
    aiModelTimeoutMs: integer(env, 'AI_MODEL_TIMEOUT_MS', 60_000, 1000, 600_000),
  };
}

const maxBytes = Number.MAX_SAFE_INTEGER;

/** STORAGE, S3_*, the site's file quotas and PREVIEW_SECRET. */
function loadFileSettings(env: Env) {
  const storage = oneOf(env, 'STORAGE', ['local', 's3'] as const, 'local');
  let s3: S3Settings | undefined;
  if (storage === 's3') {
    const need = (name: string) => {
      const value = text(env, name);
      if (!value) throw new ConfigError(name, 'is required when STORAGE=s3');
      return value;
    };
    const endpoint = text(env, 'S3_ENDPOINT');
    if (endpoint && !/^https?:\/\/[^\s]+$/.test(endpoint)) {
      throw new ConfigError('S3_ENDPOINT', 'must be an http:// or https:// URL');
    }
    s3 = {
      endpoint,
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      bucket: need('S3_BUCKET'),
      accessKey: need('S3_ACCESS_KEY'),
      secretKey: need('S3_SECRET_KEY'),
      forcePathStyle:
        oneOf(env, 'S3_FORCE_PATH_STYLE', ['true', 'false'] as const, 'false') === 'true',
    };
  }
  const previewSecret = text(env, 'PREVIEW_SECRET');
  if (previewSecret !== undefined && previewSecret.length < 32) {
    throw new ConfigError('PREVIEW_SECRET', 'must be at least 32 characters long');
  }
  return {
    storage,
    s3,
    quotas: {
      ...defaultQuotas,
      fileBytes: integer(env, 'FILE_MAX_BYTES', defaultQuotas.fileBytes, 1, maxBytes),
      spaceBytes: integer(env, 'SPACE_MAX_BYTES', defaultQuotas.spaceBytes, 1, maxBytes),
      personalBytes: integer(env, 'USER_MAX_BYTES', defaultQuotas.personalBytes, 1, maxBytes),
      filesPerSpace: integer(env, 'SPACE_MAX_FILES', defaultQuotas.filesPerSpace, 1, 1_000_000_000),
    },
    previewSecret,
  };
}
