// The payment providers this site accepts (PAYMENT_PROVIDERS), by pay type.
import type { PayType } from '@library/contract';
import type { PaymentSettings } from './payment-config.js';
import { createAlipayProvider } from './alipay-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createWechatPayProvider } from './wechat-provider.js';

export type PaymentProviders = ReadonlyMap<PayType, PaymentProvider>;

export function createPaymentProviders(settings: PaymentSettings): PaymentProviders {
  const providers = new Map<PayType, PaymentProvider>();
  for (const name of settings.providers) {
    if (name === 'sandbox') providers.set(name, createSandboxProvider());
    if (name === 'alipay' && settings.alipay) {
      providers.set(name, createAlipayProvider(settings.alipay));
    }
    if (name === 'wechat' && settings.wechat) {
      providers.set(name, createWechatPayProvider(settings.wechat));
    }
  }
  return providers;
}
