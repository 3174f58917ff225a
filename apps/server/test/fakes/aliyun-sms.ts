// A loopback fake of Aliyun Dysmsapi `SendSms` (API version 2017-05-25), for tests.
//
// It checks requests the way the real gateway does — with its own, independent implementation of
// the RPC signature (SignatureVersion 1.0, HMAC-SHA1), not the provider's code — so a provider
// that signs wrongly is refused here as it would be in production. Only Node built-ins are used,
// so unit and end-to-end tests can both start it.
//
// Answers (HTTP status, Code):
//   unknown AccessKeyId                  404 InvalidAccessKeyId.NotFound
//   signature mismatch                   400 SignatureDoesNotMatch
//   SignatureNonce seen before           400 SignatureNonceUsed
//   other malformed requests             400 MissingParameter / InvalidParameter / ...
//   accepted                             200 { Code: 'OK', Message: 'OK', RequestId, BizId }
//                                        (or whatever `respond` returns; 'hang' never answers)
import { Buffer } from 'node:buffer';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeAliyunSmsReply = { status?: number; body: unknown } | 'hang';

export interface FakeAliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /**
   * Decides the answer to a request that passed the signature and parameter checks. A string
   * `body` is sent verbatim as text/plain; anything else as JSON. 'hang' never answers.
   */
  respond?: (params: Record<string, string>) => FakeAliyunSmsReply;
}

export interface FakeAliyunSms {
  /** e.g. http://127.0.0.1:43121 — pass as the provider's `endpoint`. */
  endpoint: string;
  /** Query parameters (including `Signature`) of every request that passed the checks. */
  received: Array<Record<string, string>>;
  close(): Promise<void>;
}

const UNRESERVED = /^[A-Za-z0-9\-_.~]$/;

/** RFC 3986 percent-encoding over the UTF-8 bytes, as Aliyun's signature rules require. */
function encode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += UNRESERVED.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): { stringToSign: string; signature: string } {
  const names = Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
  const canonical = names.map((name) => `${encode(name)}=${encode(params[name] ?? '')}`).join('&');
  const stringToSign = `${method}&${encode('/')}&${encode(canonical)}`;
  const signature = createHmac('sha1', Buffer.from(`${accessKeySecret}&`, 'utf8'))
    .update(Buffer.from(stringToSign, 'utf8'))
    .digest('base64');
  return { stringToSign, signature };
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

const COMMON_PARAMS = [
  'AccessKeyId',
  'Action',
  'Format',
  'RegionId',
  'Signature',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'Timestamp',
  'Version',
] as const;
const SEND_SMS_PARAMS = ['PhoneNumbers', 'SignName', 'TemplateCode'] as const;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export async function startFakeAliyunSms(opts: FakeAliyunSmsOptions): Promise<FakeAliyunSms> {
  const received: Array<Record<string, string>> = [];
  const usedNonces = new Set<string>();
  const hanging = new Set<ServerResponse>();

  function send(res: ServerResponse, status: number, body: unknown): void {
    const isText = typeof body === 'string';
    const payload = isText ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  }

  function fail(res: ServerResponse, status: number, code: string, message: string): void {
    send(res, status, { Code: code, Message: message, RequestId: randomUUID().toUpperCase() });
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (req.method !== 'GET') {
      fail(res, 400, 'UnsupportedHTTPMethod', `This fake only serves GET, not ${req.method}.`);
      return;
    }
    if (url.pathname !== '/') {
      fail(res, 404, 'InvalidApi.NotFound', `Specified api is not found: ${url.pathname}`);
      return;
    }
    const params: Record<string, string> = {};
    for (const [name, value] of url.searchParams) params[name] = value;

    for (const name of COMMON_PARAMS) {
      if (!params[name]) {
        fail(res, 400, 'MissingParameter', `The input parameter "${name}" that is mandatory.`);
        return;
      }
    }
    if (params.AccessKeyId !== opts.accessKeyId) {
      fail(res, 404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
      return;
    }
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      fail(res, 400, 'InvalidParameter', 'SignatureMethod must be HMAC-SHA1, version 1.0.');
      return;
    }
    const { stringToSign, signature } = expectedSignature('GET', params, opts.accessKeySecret);
    if (!sameString(signature, params.Signature ?? '')) {
      fail(
        res,
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${stringToSign}`,
      );
      return;
    }
    const nonce = params.SignatureNonce ?? '';
    if (usedNonces.has(nonce)) {
      fail(res, 400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
      return;
    }
    usedNonces.add(nonce);
    if (!TIMESTAMP.test(params.Timestamp ?? '')) {
      fail(
        res,
        400,
        'InvalidTimeStamp.Format',
        'Specified time stamp or date value is not well formatted.',
      );
      return;
    }
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25') {
      fail(
        res,
        404,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      );
      return;
    }
    if (params.Format !== 'JSON') {
      fail(res, 400, 'InvalidParameter', 'This fake only answers Format=JSON.');
      return;
    }
    for (const name of SEND_SMS_PARAMS) {
      if (!params[name]) {
        fail(res, 400, 'MissingParameter', `The input parameter "${name}" that is mandatory.`);
        return;
      }
    }
    if (params.TemplateParam !== undefined) {
      try {
        JSON.parse(params.TemplateParam);
      } catch {
        send(res, 200, {
          Code: 'isv.INVALID_JSON_PARAM',
          Message: 'JSON参数不合法，只接受字符串值',
          RequestId: randomUUID().toUpperCase(),
        });
        return;
      }
    }

    received.push(params);
    const reply = opts.respond?.(params);
    if (reply === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (reply !== undefined) {
      send(res, reply.status ?? 200, reply.body);
      return;
    }
    send(res, 200, {
      Code: 'OK',
      Message: 'OK',
      RequestId: randomUUID().toUpperCase(),
      BizId: `${randomInt(100000000, 999999999)}${randomInt(100000000, 999999999)}^0`,
    });
  }

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      if (!res.headersSent) {
        fail(res, 500, 'InternalError', err instanceof Error ? err.message : String(err));
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        hanging.clear();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
