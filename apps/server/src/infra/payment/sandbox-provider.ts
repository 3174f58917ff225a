// The sandbox provider (the default): nothing leaves the server. An order shows `sandbox:<orderNo>`
// as its QR text and the buyer pays with one click (`POST /api/v1/order/{id}/sandboxPay`), a call
// refused unless this provider is on. It has no notifications of its own; refunds succeed at once.
import { currencies } from '@library/contract';
import { PaymentSignatureError, type PaymentProvider } from './payment-provider.js';

export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    currencies,
    async start(payment) {
      return { payUrl: null, qrCode: `sandbox:${payment.orderNo}` };
    },
    // a sandbox payment is recorded by the sandbox pay call itself, never found by asking
    async status() {
      return { state: 'unpaid', amount: null, currency: null, providerTradeNo: null };
    },
    async refund() {
      return { state: 'success' };
    },
    async refundStatus() {
      return { state: 'success' };
    },
    verifyNotification() {
      throw new PaymentSignatureError('the sandbox sends no notifications');
    },
    accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
  };
}
