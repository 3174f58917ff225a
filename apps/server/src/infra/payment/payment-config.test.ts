// PAYMENT_PROVIDERS and each provider's variables: a missing or broken key for an enabled provider
// stops start-up with one line naming the variable; keys come as PEM, escaped PEM or base64.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { ConfigError } from '../../config-env.js';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicPem = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString();
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

const alipayEnv = {
  PAYMENT_PROVIDERS: 'sandbox,alipay',
  PAYMENT_NOTIFY_BASE_URL: 'https://library.example/',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: bare(privatePem),
  ALIPAY_PUBLIC_KEY: publicPem.replaceAll('\n', '\\n'),
};
const wechatEnv = {
  PAYMENT_PROVIDERS: 'wechat',
  PAYMENT_NOTIFY_BASE_URL: 'https://library.example',
  WECHAT_PAY_MCH_ID: '1900000109',
  WECHAT_PAY_APP_ID: 'wxd678efh567hg6787',
  WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHAT_PAY_PRIVATE_KEY: privatePem,
  WECHAT_PAY_API_V3_KEY: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: publicPem,
  WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000',
};

function failure(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { variable: error.variable, message: error.message };
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('payment configuration', () => {
  it('defaults to the sandbox alone and 30 minutes to pay', () => {
    const { payment } = loadConfig({});
    expect(payment).toEqual({
      providers: ['sandbox'],
      orderExpireMinutes: 30,
      alipay: undefined,
      wechat: undefined,
    });
    expect(loadConfig({ PAYMENT_PROVIDERS: '' }).payment.providers).toEqual(['sandbox']);
    expect(loadConfig({ ORDER_EXPIRE_MINUTES: '15' }).payment.orderExpireMinutes).toBe(15);
  });

  it('reads Alipay and WeChat Pay with their notify URLs', () => {
    const alipay = loadConfig(alipayEnv).payment;
    expect(alipay.providers).toEqual(['sandbox', 'alipay']);
    expect(alipay.alipay).toMatchObject({
      appId: '2021000000000001',
      gateway: 'https://openapi.alipay.com/gateway.do',
      notifyUrl: 'https://library.example/api/v1/pay/notify/alipay',
    });
    const wechat = loadConfig({ ...wechatEnv, WECHAT_PAY_BASE_URL: 'http://127.0.0.1:9' }).payment;
    expect(wechat.wechat).toMatchObject({
      baseUrl: 'http://127.0.0.1:9',
      notifyUrl: 'https://library.example/api/v1/pay/notify/wechat',
    });
  });

  it('stops start-up with one line naming what is missing or wrong', () => {
    expect(failure({ PAYMENT_PROVIDERS: 'sandbox,paypal' })).toMatchObject({
      variable: 'PAYMENT_PROVIDERS',
    });
    const { ALIPAY_APP_ID: _appId, ...noAppId } = alipayEnv;
    expect(failure(noAppId)).toEqual({
      variable: 'ALIPAY_APP_ID',
      message:
        'Invalid configuration: ALIPAY_APP_ID is required when PAYMENT_PROVIDERS includes alipay',
    });
    expect(failure({ ...alipayEnv, ALIPAY_PRIVATE_KEY: 'not a key' }).variable).toBe(
      'ALIPAY_PRIVATE_KEY',
    );
    expect(failure({ ...alipayEnv, ALIPAY_PUBLIC_KEY: 'MIIBIjAN' }).variable).toBe(
      'ALIPAY_PUBLIC_KEY',
    );
    const { PAYMENT_NOTIFY_BASE_URL: _base, ...noBase } = wechatEnv;
    expect(failure(noBase).variable).toBe('PAYMENT_NOTIFY_BASE_URL');
    expect(failure({ ...wechatEnv, WECHAT_PAY_API_V3_KEY: 'short' }).variable).toBe(
      'WECHAT_PAY_API_V3_KEY',
    );
    const { WECHAT_PAY_PLATFORM_SERIAL: _serial, ...noSerial } = wechatEnv;
    expect(failure(noSerial).variable).toBe('WECHAT_PAY_PLATFORM_SERIAL');
    expect(failure({ ORDER_EXPIRE_MINUTES: '0' }).variable).toBe('ORDER_EXPIRE_MINUTES');
  });
});
