// WeChat Pay (微信支付) API v3, as published for `https://api.mch.weixin.qq.com`:
//
// Every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",
// signature="…",timestamp="…",serial_no="…"`, the signature being base64(SHA256withRSA(merchant
// API private key, "METHOD\nURL path and query\ntimestamp\nnonce\nbody\n")), serial_no the
// merchant certificate's serial number. Answers and notifications are signed by WeChat Pay:
// headers Wechatpay-Timestamp, -Nonce, -Signature, -Serial over "timestamp\nnonce\nbody\n",
// checked with the platform certificate's or the WeChat Pay public key's key (Wechatpay-Serial
// names which); a 2xx answer without a valid signature is treated as forged.
// Calls: Native pay POST /v3/pay/transactions/native {appid, mchid, description, out_trade_no,
// time_expire (RFC 3339), notify_url, amount {total (fen), currency}} → {code_url}; query GET
// /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid= (trade_state SUCCESS | NOTPAY |
// CLOSED | REFUND | …; 404 ORDER_NOT_EXIST); refund POST /v3/refund/domestic/refunds
// {out_trade_no, out_refund_no, reason, notify_url, amount {refund, total, currency}} (status
// SUCCESS | PROCESSING | CLOSED | ABNORMAL) and GET /v3/refund/domestic/refunds/{out_refund_no}.
// Notifications: JSON {id, create_time, event_type (TRANSACTION.SUCCESS, REFUND.SUCCESS, …),
// resource_type: encrypt-resource, resource {algorithm AEAD_AES_256_GCM, ciphertext, nonce,
// associated_data, original_type}}: verify the signature over the raw body first (timestamp
// within 5 minutes), then decrypt with the APIv3 key (32 bytes; the last 16 bytes of the
// ciphertext are the tag). Answer 200/204 without a body; anything else makes WeChat Pay resend.
import { createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import {
  fetchText,
  headerOf,
  PaymentProviderError,
  PaymentSignatureError,
  type IncomingNotification,
  type PaymentProvider,
  type PaymentStatus,
  type RefundResult,
  type VerifiedNotification,
} from './payment-provider.js';
import { loadPrivateKey, loadPublicKey, signSha256Rsa, verifySha256Rsa } from './rsa-keys.js';

export const WECHAT_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** serial number of the merchant API certificate */
  serialNo: string;
  /** the merchant API private key (apiclient_key.pem) */
  privateKey: string;
  /** the APIv3 key: 32 characters */
  apiV3Key: string;
  /** the WeChat Pay public key or platform certificate (PEM) */
  platformPublicKey: string;
  /** its id: the public key id (PUB_KEY_ID_…) or the platform certificate's serial */
  platformSerial: string;
  baseUrl: string;
  notifyUrl: string;
  timeoutMs?: number;
  now?: () => Date;
}

/** RFC 3339 in Beijing time, e.g. `2025-06-08T10:34:56+08:00`. */
export function rfc3339Beijing(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** The text WeChat Pay signs for a request. */
export function wechatRequestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** AEAD_AES_256_GCM of a notification's resource → its plaintext; throws when it does not open. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : null);

function refundState(status: unknown): RefundResult {
  if (status === 'SUCCESS') return { state: 'success' };
  if (status === 'PROCESSING') return { state: 'processing' };
  return { state: 'failed' };
}

export function createWechatPayProvider(config: WechatPayConfig): PaymentProvider {
  const privateKey: KeyObject = loadPrivateKey(config.privateKey);
  const platformKey: KeyObject = loadPublicKey(config.platformPublicKey);
  const timeoutMs = config.timeoutMs ?? 10_000;
  const now = config.now ?? (() => new Date());
  const base = config.baseUrl.replace(/\/+$/, '');

  /** Whether WeChat Pay signed `body` with these headers (and recently). */
  function signed(headers: IncomingNotification['headers'], body: string): boolean {
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonce = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    const serial = headerOf(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial || !/^\d{1,12}$/.test(timestamp)) {
      return false;
    }
    if (serial !== config.platformSerial) return false;
    if (Math.abs(now().getTime() / 1000 - Number(timestamp)) > 300) return false;
    return verifySha256Rsa(platformKey, `${timestamp}\n${nonce}\n${body}\n`, signature);
  }

  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: Json) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = signSha256Rsa(
      privateKey,
      wechatRequestMessage(method, pathAndQuery, timestamp, nonce, body),
    );
    const res = await fetchText(
      `WeChat Pay ${method} ${pathAndQuery.split('?')[0]}`,
      `${base}${pathAndQuery}`,
      {
        method,
        headers: {
          authorization:
            `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",` +
            `signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`,
          accept: 'application/json',
          'user-agent': 'public-library-server/0.1',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body }),
      },
      timeoutMs,
    );
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (res.status >= 200 && res.status < 300 && !signed(headers, res.text)) {
      throw new PaymentSignatureError(`WeChat Pay ${pathAndQuery}: the answer is not signed`);
    }
    let json: Json = {};
    if (res.text) {
      try {
        const parsed: unknown = JSON.parse(res.text);
        if (isObject(parsed)) json = parsed;
      } catch {
        throw new PaymentProviderError(
          `WeChat Pay: HTTP ${res.status} with a body that is not JSON`,
        );
      }
    }
    return { status: res.status, json };
  }

  const failure = (label: string, answer: { status: number; json: Json }) =>
    new PaymentProviderError(
      `WeChat Pay ${label}: HTTP ${answer.status} ${str(answer.json.code) ?? ''} ${
        str(answer.json.message) ?? ''
      }`.trim(),
      str(answer.json.code) ?? undefined,
    );

  return {
    name: 'wechat',
    currencies: ['CNY'],

    async start(payment) {
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: payment.subject.slice(0, 127),
        out_trade_no: payment.orderNo,
        time_expire: rfc3339Beijing(payment.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: payment.amount, currency: payment.currency },
      });
      const codeUrl = str(answer.json.code_url);
      if (answer.status !== 200 || !codeUrl) throw failure('native', answer);
      return { payUrl: null, qrCode: codeUrl };
    },

    async status(orderNo): Promise<PaymentStatus> {
      const answer = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(config.mchId)}`,
      );
      if (answer.status === 404) {
        return { state: 'unpaid', amount: null, currency: null, providerTradeNo: null };
      }
      if (answer.status !== 200) throw failure('query', answer);
      const state = str(answer.json.trade_state);
      const amount = isObject(answer.json.amount) ? answer.json.amount : {};
      return {
        state:
          state === 'SUCCESS' || state === 'REFUND'
            ? 'paid'
            : state === 'CLOSED' || state === 'REVOKED' || state === 'PAYERROR'
              ? 'closed'
              : 'unpaid',
        amount: typeof amount.total === 'number' ? amount.total : null,
        currency: amount.currency === 'CNY' || amount.currency === 'USD' ? amount.currency : null,
        providerTradeNo: str(answer.json.transaction_id),
      };
    },

    async refund(request) {
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.orderNo,
        // one full refund per order: the same refund number makes a repeated call a no-op
        out_refund_no: request.orderNo,
        reason: request.reason.slice(0, 80) || undefined,
        notify_url: config.notifyUrl,
        amount: { refund: request.amount, total: request.amount, currency: request.currency },
      });
      if (answer.status !== 200) throw failure('refund', answer);
      return refundState(answer.json.status);
    },

    async refundStatus(orderNo) {
      const answer = await call(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(orderNo)}`,
      );
      if (answer.status !== 200) throw failure('refund query', answer);
      return refundState(answer.json.status);
    },

    verifyNotification(notification): VerifiedNotification {
      if (!signed(notification.headers, notification.rawBody)) {
        throw new PaymentSignatureError('WeChat Pay notification: the signature does not hold');
      }
      let envelope: Json;
      try {
        const parsed: unknown = JSON.parse(notification.rawBody);
        if (!isObject(parsed)) throw new Error('not an object');
        envelope = parsed;
      } catch {
        throw new PaymentSignatureError('WeChat Pay notification: the body is not a JSON object');
      }
      const eventId = str(envelope.id);
      const eventType = str(envelope.event_type) ?? '';
      const resource = envelope.resource;
      if (
        !isObject(resource) ||
        resource.algorithm !== 'AEAD_AES_256_GCM' ||
        typeof resource.ciphertext !== 'string' ||
        typeof resource.nonce !== 'string'
      ) {
        return { kind: 'other', eventId, detail: { event_type: eventType } };
      }
      let content: Json;
      try {
        const parsed: unknown = JSON.parse(
          decryptResource(config.apiV3Key, {
            ciphertext: resource.ciphertext,
            nonce: resource.nonce,
            associated_data: str(resource.associated_data) ?? '',
          }),
        );
        if (!isObject(parsed)) throw new Error('not an object');
        content = parsed;
      } catch {
        throw new PaymentSignatureError('WeChat Pay notification: the resource does not decrypt');
      }
      const orderNo = str(content.out_trade_no);
      const detail = { event_type: eventType, ...content };
      if (!orderNo) return { kind: 'other', eventId, detail };
      const amount = isObject(content.amount) ? content.amount : {};
      if (eventType.startsWith('REFUND.')) {
        return {
          kind: 'refund',
          eventId,
          orderNo,
          providerTradeNo: str(content.transaction_id),
          succeeded: eventType === 'REFUND.SUCCESS' && content.refund_status === 'SUCCESS',
          merchantOk: content.mchid === config.mchId,
          detail,
        };
      }
      if (eventType.startsWith('TRANSACTION.')) {
        return {
          kind: 'payment',
          eventId,
          orderNo,
          providerTradeNo: str(content.transaction_id),
          amount: typeof amount.total === 'number' ? amount.total : -1,
          currency: str(amount.currency) ?? '',
          paid: eventType === 'TRANSACTION.SUCCESS' && content.trade_state === 'SUCCESS',
          merchantOk: content.mchid === config.mchId && content.appid === config.appId,
          detail,
        };
      }
      return { kind: 'other', eventId, detail };
    },

    accepted: { status: 204, contentType: null, body: null },
  };
}
