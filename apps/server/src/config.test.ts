import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError } from './config-env.js';
import { defaultQuotas } from '@library/contract';

const cwd = path.resolve('/srv/library');

/** Runs loadConfig and answers the ConfigError it throws (fails the test when none is thrown). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const aliyun = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'key-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '图书馆',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.join(cwd, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminAccount).toBeUndefined();
    expect(config.adminPassword).toBeUndefined();
    expect(config.smsProvider).toBe('console');
    expect(config.smsFixedCode).toBeUndefined();
    expect(config.registration).toBe('open');
    expect(config.production).toBe(false);
  });

  it('reads valid values, resolving a relative DATA_DIR against cwd', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/lib',
        DATABASE_URL: 'postgresql://u@db/library',
        REDIS_URL: 'redis://cache:6379/0',
        ADMIN_ACCOUNT: 'admin@example.com',
        ADMIN_PASSWORD: 'Admin1234',
        SMS_FIXED_CODE: '123456',
        REGISTRATION: 'approval',
        LOG_LEVEL: 'warn',
        ...aliyun,
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(cwd, 'var/lib'),
      databaseUrl: 'postgresql://u@db/library',
      redisUrl: 'redis://cache:6379/0',
      adminAccount: 'admin@example.com',
      adminPassword: 'Admin1234',
      smsFixedCode: '123456',
      registration: 'approval',
      logLevel: 'warn',
      smsProvider: 'aliyun',
    });
    expect(config.aliyunSms).toMatchObject({ accessKeyId: 'key-id', templateCode: 'SMS_1' });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['REDIS_URL', { REDIS_URL: 'cache:6379' }],
    ['ADMIN_PASSWORD', { ADMIN_ACCOUNT: 'admin@example.com', ADMIN_PASSWORD: 'Short12' }],
    ['ADMIN_ACCOUNT', { ADMIN_PASSWORD: 'Admin1234' }],
    ['ADMIN_ACCOUNT', { ADMIN_ACCOUNT: 'bob' }],
    ['SMS_FIXED_CODE', { SMS_FIXED_CODE: '123456', NODE_ENV: 'production' }],
    ['SMS_FIXED_CODE', { SMS_FIXED_CODE: '12' }],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'twilio' }],
    ['ALIYUN_SMS_ACCESS_KEY_ID', { ...aliyun, ALIYUN_SMS_ACCESS_KEY_ID: '' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['REGISTRATION', { REGISTRATION: 'maybe' }],
  ])('stops on an invalid %s: %j', (variable, env) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });
});

describe('loadConfig: files (storage, quotas, preview secret)', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'library', S3_ACCESS_KEY: 'ak', S3_SECRET_KEY: 'sk' };

  it('defaults to local storage with generous quotas and a generated preview secret', () => {
    const config = loadConfig({}, cwd);
    expect(config.storage).toBe('local');
    expect(config.s3).toBeUndefined();
    expect(config.previewSecret).toBeUndefined();
    expect(config.quotas).toEqual(defaultQuotas);
    expect(config.quotas).toMatchObject({
      fileBytes: 2 * 1024 ** 3,
      spaceBytes: 20 * 1024 ** 3,
      personalBytes: 20 * 1024 ** 3,
      filesPerSpace: 100_000,
    });
  });

  it('reads the S3 settings and the quotas', () => {
    const config = loadConfig(
      {
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'cn-hangzhou',
        S3_FORCE_PATH_STYLE: 'true',
        FILE_MAX_BYTES: '1000',
        SPACE_MAX_BYTES: '2000',
        USER_MAX_BYTES: '3000',
        SPACE_MAX_FILES: '4',
        PREVIEW_SECRET: 'p'.repeat(32),
      },
      cwd,
    );
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'cn-hangzhou',
      bucket: 'library',
      accessKey: 'ak',
      secretKey: 'sk',
      forcePathStyle: true,
    });
    expect(config.quotas).toEqual({
      ...defaultQuotas,
      fileBytes: 1000,
      spaceBytes: 2000,
      personalBytes: 3000,
      filesPerSpace: 4,
    });
    expect(config.previewSecret).toBe('p'.repeat(32));
  });

  it.each([
    ['STORAGE', { STORAGE: 'ftp' }],
    ['S3_BUCKET', { ...s3, S3_BUCKET: '' }],
    ['S3_SECRET_KEY', { ...s3, S3_SECRET_KEY: '' }],
    ['S3_ENDPOINT', { ...s3, S3_ENDPOINT: 'minio:9000' }],
    ['S3_FORCE_PATH_STYLE', { ...s3, S3_FORCE_PATH_STYLE: 'yes' }],
    ['FILE_MAX_BYTES', { FILE_MAX_BYTES: '10MB' }],
    ['SPACE_MAX_FILES', { SPACE_MAX_FILES: '0' }],
    ['PREVIEW_SECRET', { PREVIEW_SECRET: 'short' }],
  ])('stops on an invalid %s: %j', (variable, env) => {
    expect(configError(env).variable).toBe(variable);
  });
});

describe('loadConfig: AI chat (provider key secret, model timeout)', () => {
  it('defaults to a generated secret and a 60 s model timeout', () => {
    const config = loadConfig({}, cwd);
    expect(config.aiSecretKey).toBeUndefined();
    expect(config.aiModelTimeoutMs).toBe(60_000);
  });

  it('takes a long enough AI_SECRET_KEY and refuses a short one or a bad timeout', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ AI_SECRET_KEY: secret }, cwd).aiSecretKey).toBe(secret);
    expect(configError({ AI_SECRET_KEY: 'short' }).variable).toBe('AI_SECRET_KEY');
    expect(configError({ AI_MODEL_TIMEOUT_MS: '10' }).variable).toBe('AI_MODEL_TIMEOUT_MS');
  });
});

describe('loadConfig: mail (SMTP_URL, MAIL_FROM, PUBLIC_URL, MAIL_TIME_ZONE)', () => {
  const mail = {
    SMTP_URL: 'smtps://library:secret@smtp.example.com:465',
    MAIL_FROM: '公共图书馆 <noreply@example.com>',
    PUBLIC_URL: 'https://library.example.com/',
  };

  it('sends no mail by default, with digests at 09:00 Shanghai time once it does', () => {
    const config = loadConfig({}, cwd);
    expect(config.mail).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.mailTimeZone).toBe('Asia/Shanghai');
  });

  it('reads the mail settings; the public address loses its trailing slash', () => {
    const config = loadConfig({ ...mail, MAIL_TIME_ZONE: 'Europe/Berlin' }, cwd);
    expect(config.mail).toEqual({ smtpUrl: mail.SMTP_URL, from: mail.MAIL_FROM });
    expect(config.publicUrl).toBe('https://library.example.com');
    expect(config.mailTimeZone).toBe('Europe/Berlin');
    // the payment providers' public origin serves when PUBLIC_URL is not set
    const fromPayment = loadConfig(
      { ...mail, PUBLIC_URL: '', PAYMENT_NOTIFY_BASE_URL: 'https://pay.example.com' },
      cwd,
    );
    expect(fromPayment.publicUrl).toBe('https://pay.example.com');
  });

  it.each([
    ['MAIL_FROM', { ...mail, MAIL_FROM: '' }],
    ['SMTP_URL', { ...mail, SMTP_URL: '' }],
    ['SMTP_URL', { ...mail, SMTP_URL: 'http://smtp.example.com' }],
    ['MAIL_FROM', { ...mail, MAIL_FROM: 'nobody' }],
    ['PUBLIC_URL', { ...mail, PUBLIC_URL: '' }],
    ['PUBLIC_URL', { ...mail, PUBLIC_URL: 'library.example.com' }],
    ['MAIL_TIME_ZONE', { MAIL_TIME_ZONE: 'Mars/Olympus_Mons' }],
  ])('stops on a missing or invalid %s: %j', (variable, env) => {
    expect(configError(env).variable).toBe(variable);
  });
});
