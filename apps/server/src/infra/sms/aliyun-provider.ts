// Aliyun (阿里云) Short Message Service: Dysmsapi `SendSms`, API version 2017-05-25, called over
// its published RPC-style HTTP API with the classic signature (SignatureVersion 1.0, HMAC-SHA1).
//
// Signing, as published in Alibaba Cloud's "签名机制 / Signature mechanism" for RPC APIs
// (https://help.aliyun.com/document_detail/28839.html; the SMS copy:
// https://www.alibabacloud.com/help/en/sms/signature-method):
//   1. sort every request parameter except `Signature` by name;
//   2. percent-encode names and values as UTF-8 (RFC 3986: only A-Z a-z 0-9 - _ . ~ unreserved,
//      i.e. URLEncoder output with `+`→%20, `*`→%2A, %7E→`~`) and join as `k=v` with `&`;
//   3. StringToSign = HTTPMethod + '&' + percentEncode('/') + '&' + percentEncode(canonicalised);
//   4. Signature = Base64(HMAC-SHA1(key = AccessKeySecret + '&', StringToSign)).
// SendSms (https://help.aliyun.com/document_detail/55284.htm) answers
// `{ Code, Message, RequestId, BizId }`; only Code 'OK' means the message was accepted.
import { createHmac, randomUUID } from 'node:crypto';
import { SmsSendError, type SmsProvider } from './sms-provider.js';

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const ALIYUN_SMS_API_VERSION = '2017-05-25';
const DEFAULT_TIMEOUT_MS = 5000;

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** 短信签名名称 (an approved sign name). */
  signName: string;
  /** 短信模板 Code of an approved template with a `${code}` variable, e.g. SMS_123456789. */
  templateCode: string;
  /** Origin of the API, e.g. 'https://dysmsapi.aliyuncs.com' (the default is applied by the caller). */
  endpoint: string;
  /** Whole-request timeout (connect + response + body), default 5000 ms. */
  timeoutMs?: number;
  /** Test hook: the clock used for `Timestamp`. */
  now?: () => Date;
  /** Test hook: the `SignatureNonce` generator (default: a random UUID per request). */
  nonce?: () => string;
}

/** Aliyun's percent-encoding: RFC 3986 unreserved characters stay, everything else is %XY (UTF-8). */
export function percentEncode(value: string): string {
  // encodeURIComponent leaves A-Z a-z 0-9 - _ . ! ~ * ' ( ) alone; Aliyun wants ! * ' ( ) encoded too.
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** ISO-8601 UTC without milliseconds, e.g. 2017-07-12T02:42:19Z. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The sorted, percent-encoded `k=v&k=v` string of every parameter except `Signature`. */
export function canonicalizedQueryString(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

export function rpcStringToSign(
  params: Readonly<Record<string, string>>,
  method: 'GET' | 'POST' = 'GET',
): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalizedQueryString(params))}`;
}

/** The `Signature` value (before it is itself percent-encoded into the query string). */
export function signRpcRequest(
  params: Readonly<Record<string, string>>,
  accessKeySecret: string,
  method: 'GET' | 'POST' = 'GET',
): string {
  return createHmac('sha1', `${accessKeySecret}&`)
    .update(rpcStringToSign(params, method), 'utf8')
    .digest('base64');
}

/** The full, unsigned parameter set of one SendSms call. */
export function buildSendSmsParams(
  config: AliyunSmsConfig,
  mobile: string,
  code: string,
): Record<string, string> {
  const now = config.now?.() ?? new Date();
  const nonce = config.nonce?.() ?? randomUUID();
  return {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: mobile,
    RegionId: 'cn-hangzhou',
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: config.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: aliyunTimestamp(now),
    Version: ALIYUN_SMS_API_VERSION,
  };
}

/** The signed GET URL of one SendSms call. */
export function buildSendSmsUrl(config: AliyunSmsConfig, mobile: string, code: string): string {
  const params = buildSendSmsParams(config, mobile, code);
  const signature = signRpcRequest(params, config.accessKeySecret, 'GET');
  const query = `${canonicalizedQueryString(params)}&Signature=${percentEncode(signature)}`;
  return `${config.endpoint.replace(/\/+$/, '')}/?${query}`;
}

interface AliyunResponseBody {
  Code?: unknown;
  Message?: unknown;
  RequestId?: unknown;
}

function describe(body: AliyunResponseBody): string {
  const parts: string[] = [];
  if (typeof body.Code === 'string') parts.push(body.Code);
  if (typeof body.Message === 'string' && body.Message !== '') parts.push(body.Message);
  if (typeof body.RequestId === 'string') parts.push(`(RequestId ${body.RequestId})`);
  return parts.join(' ');
}

export function createAliyunSmsProvider(config: AliyunSmsConfig): SmsProvider {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    name: 'aliyun',
    async sendCode(mobile, code) {
      const url = buildSendSmsUrl(config, mobile, code);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let status: number;
      let ok: boolean;
      let text: string;
      try {
        const res = await fetch(url, {
          method: 'GET',
          headers: { accept: 'application/json' },
          signal: controller.signal,
        });
        status = res.status;
        ok = res.ok;
        text = await res.text();
      } catch (err) {
        if (controller.signal.aborted) {
          throw new SmsSendError(`Aliyun SMS: no answer within ${timeoutMs} ms, request aborted`);
        }
        const cause = err instanceof Error ? err.cause : undefined;
        const reason =
          (err instanceof Error ? err.message : String(err)) +
          (cause instanceof Error ? ` (${cause.message})` : '');
        throw new SmsSendError(`Aliyun SMS: request failed: ${reason}`);
      } finally {
        clearTimeout(timer);
      }

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new SmsSendError(
          ok
            ? `Aliyun SMS: HTTP ${status} with a body that is not JSON`
            : `Aliyun SMS: HTTP ${status}`,
        );
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new SmsSendError(`Aliyun SMS: HTTP ${status} with an unexpected body`);
      }
      const answer = body as AliyunResponseBody;
      const providerCode = typeof answer.Code === 'string' ? answer.Code : undefined;
      if (!ok) {
        throw new SmsSendError(
          `Aliyun SMS: HTTP ${status} ${describe(answer)}`.trim(),
          providerCode,
        );
      }
      if (providerCode !== 'OK') {
        throw new SmsSendError(
          `Aliyun SMS refused the message: ${describe(answer) || 'no Code in the answer'}`,
          providerCode,
        );
      }
    },
  };
}
