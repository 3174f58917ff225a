// Alipay (支付宝) Open Platform, as published for the gateway `https://openapi.alipay.com/gateway.do`:
//
// Requests (通用请求参数): app_id, method, format=JSON, charset=utf-8, sign_type=RSA2, timestamp
// ("yyyy-MM-dd HH:mm:ss", Beijing time), version=1.0, notify_url, biz_content (the call's own
// parameters as a JSON string), sign — POSTed as application/x-www-form-urlencoded.
// Signing (自行实现签名): every parameter but `sign`, empty values left out, sorted by name
// (ASCII), joined as `k=v` with `&` (values not URL-encoded); sign = base64(SHA256withRSA(app
// private key, that text)).
// Answers: `{"<method with _>_response": {code, msg, sub_code, sub_msg, …}, "sign": "…"}`; the
// signature covers the response object's text exactly as sent, checked with Alipay's public key;
// code "10000" is success.
// Calls: alipay.trade.precreate (当面付 QR: out_trade_no, total_amount in yuan "88.00", subject,
// time_expire → qr_code), alipay.trade.query (trade_status WAIT_BUYER_PAY | TRADE_SUCCESS |
// TRADE_FINISHED | TRADE_CLOSED; 40004 ACQ.TRADE_NOT_EXIST before the buyer scanned),
// alipay.trade.refund (refund_amount, out_request_no), alipay.trade.fastpay.refund.query.
// Asynchronous notifications (异步通知): a form POST to notify_url; verify by dropping `sign` and
// `sign_type`, sorting the rest (URL-decoded) as above, and checking `sign` with Alipay's public
// key; then check app_id and the amount against the order. Answer the text `success`, or Alipay
// resends (8 times over 25 hours).
import type { KeyObject } from 'node:crypto';
import { minorUnitsToDecimal } from '@library/contract';
import {
  decimalToMinorUnits,
  fetchText,
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentProvider,
  type PaymentStatus,
  type RefundResult,
  type VerifiedNotification,
} from './payment-provider.js';
import { loadPrivateKey, loadPublicKey, signSha256Rsa, verifySha256Rsa } from './rsa-keys.js';

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayConfig {
  appId: string;
  /** the application's private key (PEM or Alipay's bare base64) */
  privateKey: string;
  /** Alipay's public key (支付宝公钥), not the application's */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8, no daylight saving). */
export function beijingTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** The text Alipay signs: names sorted, `exclude`d and empty values left out, `k=v&k=v`. */
export function alipaySignContent(
  params: Readonly<Record<string, string>>,
  exclude: readonly string[],
): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/**
 * The exact text of the JSON object that follows `"name":` in `raw` (Alipay signs these bytes,
 * so they are cut out rather than re-serialised); null when absent.
 */
export function responseNodeText(raw: string, name: string): string | null {
  const key = raw.indexOf(`"${name}"`);
  if (key < 0) return null;
  let i = raw.indexOf(':', key + name.length + 2);
  if (i < 0) return null;
  i += 1;
  while (/\s/.test(raw[i] ?? '')) i += 1;
  if (raw[i] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < raw.length; j += 1) {
    const char = raw[j];
    if (inString) {
      if (char === '\\') j += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return raw.slice(i, j + 1);
    }
  }
  return null;
}

interface AlipayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

function describe(answer: AlipayAnswer): string {
  return [answer.code, answer.msg, answer.sub_code, answer.sub_msg].filter(Boolean).join(' ');
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function createAlipayProvider(config: AlipayConfig): PaymentProvider {
  const privateKey: KeyObject = loadPrivateKey(config.privateKey);
  const alipayKey: KeyObject = loadPublicKey(config.alipayPublicKey);
  const timeoutMs = config.timeoutMs ?? 10_000;
  const now = config.now ?? (() => new Date());

  /** One signed gateway call; answers the `…_response` object once its signature held. */
  async function call(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Promise<AlipayAnswer> {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingTime(now()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = signSha256Rsa(privateKey, alipaySignContent(params, ['sign']));
    const res = await fetchText(
      `Alipay ${method}`,
      config.gateway,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: new URLSearchParams(params).toString(),
      },
      timeoutMs,
    );
    if (res.status !== 200) throw new PaymentProviderError(`Alipay ${method}: HTTP ${res.status}`);
    const node = `${method.replaceAll('.', '_')}_response`;
    let parsed: { sign?: unknown; [name: string]: unknown };
    try {
      parsed = JSON.parse(res.text) as typeof parsed;
    } catch {
      throw new PaymentProviderError(`Alipay ${method}: the answer is not JSON`);
    }
    const answer = parsed[node] as AlipayAnswer | undefined;
    const nodeText = responseNodeText(res.text, node);
    if (!answer || nodeText === null) {
      throw new PaymentProviderError(`Alipay ${method}: no ${node} in the answer`);
    }
    const sign = text(parsed.sign);
    // an error about our own request may come unsigned; a success never may
    if (sign !== null || answer.code === '10000') {
      if (sign === null || !verifySha256Rsa(alipayKey, nodeText, sign)) {
        throw new PaymentSignatureError(`Alipay ${method}: the answer's signature does not hold`);
      }
    }
    return answer;
  }

  const refundResult = (answer: AlipayAnswer): RefundResult => {
    if (answer.code === '10000') return { state: 'success' };
    throw new PaymentProviderError(`Alipay refund: ${describe(answer)}`, answer.sub_code);
  };

  return {
    name: 'alipay',
    currencies: ['CNY'],

    async start(payment) {
      const answer = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: payment.orderNo,
          total_amount: minorUnitsToDecimal(payment.amount),
          subject: payment.subject.slice(0, 256),
          time_expire: beijingTime(payment.expiresAt),
        },
        { notify_url: config.notifyUrl },
      );
      const qrCode = text(answer.qr_code);
      if (answer.code !== '10000' || !qrCode) {
        throw new PaymentProviderError(`Alipay precreate: ${describe(answer)}`, answer.sub_code);
      }
      return { payUrl: null, qrCode };
    },

    async status(orderNo): Promise<PaymentStatus> {
      const answer = await call('alipay.trade.query', { out_trade_no: orderNo });
      if (answer.code === '40004' && answer.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        return { state: 'unpaid', amount: null, currency: null, providerTradeNo: null };
      }
      if (answer.code !== '10000') {
        throw new PaymentProviderError(`Alipay query: ${describe(answer)}`, answer.sub_code);
      }
      const status = text(answer.trade_status);
      const total = text(answer.total_amount);
      return {
        state:
          status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
            ? 'paid'
            : status === 'TRADE_CLOSED'
              ? 'closed'
              : 'unpaid',
        amount: total === null ? null : decimalToMinorUnits(total),
        currency: 'CNY',
        providerTradeNo: text(answer.trade_no),
      };
    },

    async refund(request) {
      return refundResult(
        await call('alipay.trade.refund', {
          out_trade_no: request.orderNo,
          refund_amount: minorUnitsToDecimal(request.amount),
          // one full refund per order: the same request number makes a repeated call a no-op
          out_request_no: request.orderNo,
          refund_reason: request.reason.slice(0, 256),
        }),
      );
    },

    async refundStatus(orderNo) {
      const answer = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: orderNo,
        out_request_no: orderNo,
      });
      if (answer.code !== '10000') {
        throw new PaymentProviderError(`Alipay refund query: ${describe(answer)}`);
      }
      return { state: text(answer.refund_status) === 'REFUND_SUCCESS' ? 'success' : 'processing' };
    },

    verifyNotification(notification): VerifiedNotification {
      const params: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(notification.rawBody)) params[name] = value;
      const sign = params.sign;
      if (!sign || params.sign_type !== 'RSA2') {
        throw new PaymentSignatureError('Alipay notification: no RSA2 signature');
      }
      if (!verifySha256Rsa(alipayKey, alipaySignContent(params, ['sign', 'sign_type']), sign)) {
        throw new PaymentSignatureError('Alipay notification: the signature does not hold');
      }
      const { sign: _sign, ...detail } = params;
      const eventId = params.notify_id ?? null;
      const orderNo = params.out_trade_no;
      if (!orderNo) return { kind: 'other', eventId, detail };
      const merchantOk = params.app_id === config.appId;
      const status = params.trade_status;
      const refundFee = params.refund_fee ? decimalToMinorUnits(params.refund_fee) : 0;
      if (refundFee > 0 || params.gmt_refund) {
        return {
          kind: 'refund',
          eventId,
          orderNo,
          providerTradeNo: params.trade_no ?? null,
          succeeded: status === 'TRADE_CLOSED',
          merchantOk,
          detail,
        };
      }
      return {
        kind: 'payment',
        eventId,
        orderNo,
        providerTradeNo: params.trade_no ?? null,
        amount: decimalToMinorUnits(params.total_amount ?? ''),
        currency: params.trans_currency ?? 'CNY',
        paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
        merchantOk,
        detail,
      };
    },

    accepted: { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' },
  };
}
