// The payment settings: PAYMENT_PROVIDERS, ORDER_EXPIRE_MINUTES and each enabled provider's keys
// and addresses, checked at start-up (a key that does not load stops it, naming the variable).
import { ConfigError, integer, text, type Env } from '../../config-env.js';
import { loadPrivateKey, loadPublicKey } from './rsa-keys.js';

export type PaymentProviderName = 'sandbox' | 'alipay' | 'wechat';

export interface PaymentSettings {
  /** the pay types accepted (PAYMENT_PROVIDERS) */
  providers: PaymentProviderName[];
  /** an unpaid order expires after this many minutes */
  orderExpireMinutes: number;
  alipay: AlipaySettings | undefined;
  wechat: WechatPaySettings | undefined;
}

export interface AlipaySettings {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
}

export interface WechatPaySettings {
  mchId: string;
  appId: string;
  serialNo: string;
  privateKey: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
  baseUrl: string;
  notifyUrl: string;
}

/** PAYMENT_PROVIDERS, ORDER_EXPIRE_MINUTES and each enabled provider's keys. */
export function loadPaymentSettings(env: Env): PaymentSettings {
  const known = ['sandbox', 'alipay', 'wechat'] as const;
  const providers = [
    ...new Set(
      (text(env, 'PAYMENT_PROVIDERS') ?? 'sandbox')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  for (const name of providers) {
    if (!(known as readonly string[]).includes(name)) {
      throw new ConfigError(
        'PAYMENT_PROVIDERS',
        `must list sandbox, alipay or wechat, got "${name}"`,
      );
    }
  }
  const enabled = providers as PaymentProviderName[];
  const need = (name: string, provider: string) => {
    const value = text(env, name);
    if (!value)
      throw new ConfigError(name, `is required when PAYMENT_PROVIDERS includes ${provider}`);
    return value;
  };
  const url = (name: string, fallback: string) => {
    const value = text(env, name) ?? fallback;
    if (!/^https?:\/\/[^\s]+$/.test(value)) {
      throw new ConfigError(name, 'must be an http:// or https:// URL');
    }
    return value;
  };
  const privateKey = (name: string, provider: string) => {
    const value = need(name, provider);
    try {
      loadPrivateKey(value);
    } catch {
      throw new ConfigError(name, 'is not an RSA private key (PEM, or base64 of PKCS#8 or PKCS#1)');
    }
    return value;
  };
  const publicKey = (name: string, provider: string) => {
    const value = need(name, provider);
    try {
      loadPublicKey(value);
    } catch {
      throw new ConfigError(name, 'is not an RSA public key or certificate (PEM, or base64)');
    }
    return value;
  };
  const notifyBase = () => {
    const base = need('PAYMENT_NOTIFY_BASE_URL', 'alipay or wechat');
    if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(base)) {
      throw new ConfigError('PAYMENT_NOTIFY_BASE_URL', 'must be an http:// or https:// URL');
    }
    return base.replace(/\/+$/, '');
  };
  let alipay: AlipaySettings | undefined;
  if (enabled.includes('alipay')) {
    alipay = {
      appId: need('ALIPAY_APP_ID', 'alipay'),
      privateKey: privateKey('ALIPAY_PRIVATE_KEY', 'alipay'),
      alipayPublicKey: publicKey('ALIPAY_PUBLIC_KEY', 'alipay'),
      gateway: url('ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do'),
      notifyUrl: `${notifyBase()}/api/v1/pay/notify/alipay`,
    };
  }
  let wechat: WechatPaySettings | undefined;
  if (enabled.includes('wechat')) {
    const apiV3Key = need('WECHAT_PAY_API_V3_KEY', 'wechat');
    if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
      throw new ConfigError('WECHAT_PAY_API_V3_KEY', 'must be the 32-character APIv3 key');
    }
    wechat = {
      mchId: need('WECHAT_PAY_MCH_ID', 'wechat'),
      appId: need('WECHAT_PAY_APP_ID', 'wechat'),
      serialNo: need('WECHAT_PAY_SERIAL_NO', 'wechat'),
      privateKey: privateKey('WECHAT_PAY_PRIVATE_KEY', 'wechat'),
      apiV3Key,
      platformPublicKey: publicKey('WECHAT_PAY_PLATFORM_PUBLIC_KEY', 'wechat'),
      platformSerial: need('WECHAT_PAY_PLATFORM_SERIAL', 'wechat'),
      baseUrl: url('WECHAT_PAY_BASE_URL', 'https://api.mch.weixin.qq.com'),
      notifyUrl: `${notifyBase()}/api/v1/pay/notify/wechat`,
    };
  }
  return {
    providers: enabled,
    orderExpireMinutes: integer(env, 'ORDER_EXPIRE_MINUTES', 30, 1, 10_080),
    alipay,
    wechat,
  };
}
