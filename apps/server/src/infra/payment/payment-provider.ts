// What the orders need from a payment provider: start a payment (a page or a QR code), ask how a
// payment stands, refund it, and turn a notification the provider sent into verified facts. One
// interface, three adapters: sandbox (one click, for trying it out), Alipay and WeChat Pay.
import type { Currency, PayType } from '@library/contract';

export interface StartPayment {
  /** our order number, the provider's out_trade_no */
  orderNo: string;
  /** minor units of `currency` */
  amount: number;
  currency: Currency;
  /** what the buyer sees in their wallet */
  subject: string;
  /** the provider closes the payment then */
  expiresAt: Date;
}

export interface StartedPayment {
  payUrl: string | null;
  qrCode: string | null;
}

/** How a payment stands at the provider. */
export interface PaymentStatus {
  /** paid: money received (also when refunded since); closed: it can no longer be paid */
  state: 'paid' | 'unpaid' | 'closed';
  amount: number | null;
  currency: Currency | null;
  providerTradeNo: string | null;
}

export interface RefundRequest {
  orderNo: string;
  amount: number;
  currency: Currency;
  reason: string;
}

/** success: the money went back; processing: the provider finishes later (WeChat Pay). */
export interface RefundResult {
  state: 'success' | 'processing' | 'failed';
}

/** A notification whose signature held, with what it says. */
export type VerifiedNotification =
  | {
      kind: 'payment';
      eventId: string | null;
      orderNo: string;
      providerTradeNo: string | null;
      /** minor units, as the provider reported them */
      amount: number;
      /** as the provider reported it (checked against the order's) */
      currency: string;
      /** false: the notification reports another state (waiting, closed) */
      paid: boolean;
      /** whom the payment went to, checked against the configured merchant */
      merchantOk: boolean;
      detail: Record<string, unknown>;
    }
  | {
      kind: 'refund';
      eventId: string | null;
      orderNo: string;
      providerTradeNo: string | null;
      succeeded: boolean;
      merchantOk: boolean;
      detail: Record<string, unknown>;
    }
  | { kind: 'other'; eventId: string | null; detail: Record<string, unknown> };

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as received: signatures cover these bytes */
  rawBody: string;
}

/** How a provider wants to hear that a notification was taken. */
export interface NotificationAnswer {
  status: 200 | 204;
  contentType: string | null;
  body: string | null;
}

export interface PaymentProvider {
  readonly name: PayType;
  /** the currencies it can charge in (the domestic Alipay and WeChat Pay APIs: CNY) */
  readonly currencies: readonly Currency[];
  start(payment: StartPayment): Promise<StartedPayment>;
  status(orderNo: string): Promise<PaymentStatus>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** how a refund that answered `processing` stands now */
  refundStatus(orderNo: string): Promise<RefundResult>;
  /** throws PaymentSignatureError unless the provider signed exactly this */
  verifyNotification(notification: IncomingNotification): VerifiedNotification;
  /** the answer that tells the provider the notification was taken (it stops resending) */
  readonly accepted: NotificationAnswer;
}

/** A notification or an answer whose signature does not hold: 601010, nothing changes. */
export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

/** The provider could not be reached or refused the call. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** `'88.00'` → 8800; throws on anything but a plain decimal with at most two places. */
export function decimalToMinorUnits(text: string): number {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new PaymentProviderError(`not an amount: "${text}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A header's single value (Node gives arrays for repeated headers). */
export function headerOf(
  headers: IncomingNotification['headers'],
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** fetch with a whole-request timeout; network failures become PaymentProviderError. */
export async function fetchText(
  label: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; headers: Headers; text: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (error) {
    if (controller.signal.aborted) {
      throw new PaymentProviderError(`${label}: no answer within ${timeoutMs} ms`);
    }
    const cause = error instanceof Error ? error.cause : undefined;
    throw new PaymentProviderError(
      `${label}: request failed: ${error instanceof Error ? error.message : String(error)}` +
        (cause instanceof Error ? ` (${cause.message})` : ''),
    );
  } finally {
    clearTimeout(timer);
  }
}
