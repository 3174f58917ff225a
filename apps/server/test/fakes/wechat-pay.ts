// A loopback fake of WeChat Pay API v3 for tests: Native pay, the order query, refunds and the
// refund query, plus the notifications WeChat Pay would send.
//
// Like the real service it checks each request's `Authorization: WECHATPAY2-SHA256-RSA2048 …`
// header with the merchant's public key (its own implementation of the signing rules, not the
// adapter's) and answers 401 SIGN_ERROR when it does not hold; it signs every answer and
// notification with the platform private key (Wechatpay-Timestamp, -Nonce, -Signature, -Serial)
// and encrypts notification resources with AEAD_AES_256_GCM under the APIv3 key. Node only.
import { createCipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatPayOptions {
  mchId: string;
  appId: string;
  /** the merchant certificate's serial: requests must name it */
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformSerial: string;
  apiV3Key: string;
}

export interface FakeWechatTrade {
  outTradeNo: string;
  transactionId: string;
  total: number;
  currency: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  refundStatus: 'PROCESSING' | 'SUCCESS' | null;
}

export interface SignedNotification {
  headers: Record<string, string>;
  body: string;
}

export interface FakeWechatPay {
  baseUrl: string;
  /** path and parsed body of every request whose signature held */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> | null }>;
  trades: Map<string, FakeWechatTrade>;
  /** how the next refunds answer */
  refundAnswer: 'SUCCESS' | 'PROCESSING';
  pay(outTradeNo: string): FakeWechatTrade;
  /** a notification as WeChat Pay sends it: `resource` is merged into the encrypted content */
  notification(
    outTradeNo: string,
    options?: {
      eventType?: string;
      resource?: Record<string, unknown>;
      /** encrypt with another key / sign with another key / another serial / another time */
      apiV3Key?: string;
      signingKey?: KeyObject;
      serial?: string;
      timestamp?: number;
    },
  ): SignedNotification;
  close(): Promise<void>;
}

const AUTH =
  /^WECHATPAY2-SHA256-RSA2048 mchid="([^"]+)",nonce_str="([^"]+)",signature="([^"]+)",timestamp="(\d+)",serial_no="([^"]+)"$/;

function signText(key: KeyObject, text: string): string {
  return createSign('sha256').update(text, 'utf8').sign(key, 'base64');
}

function encrypt(key: string, plaintext: string, aad: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv(
    'aes-256-gcm',
    Buffer.from(key, 'utf8'),
    Buffer.from(nonce, 'utf8'),
  );
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return { ciphertext: data.toString('base64'), nonce, associated_data: aad };
}

export async function startFakeWechatPay(options: FakeWechatPayOptions): Promise<FakeWechatPay> {
  const state: Omit<FakeWechatPay, 'baseUrl' | 'close'> = {
    requests: [],
    trades: new Map(),
    refundAnswer: 'SUCCESS',
    pay(outTradeNo) {
      const trade = state.trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.state = 'SUCCESS';
      return trade;
    },
    notification(outTradeNo, extra = {}) {
      const trade = state.trades.get(outTradeNo);
      const eventType = extra.eventType ?? 'TRANSACTION.SUCCESS';
      const refund = eventType.startsWith('REFUND.');
      const content = refund
        ? {
            mchid: options.mchId,
            out_trade_no: outTradeNo,
            transaction_id: trade?.transactionId ?? '',
            out_refund_no: outTradeNo,
            refund_id: `50${randomBytes(8).toString('hex')}`,
            refund_status: eventType === 'REFUND.SUCCESS' ? 'SUCCESS' : 'ABNORMAL',
            amount: {
              total: trade?.total ?? 1,
              refund: trade?.total ?? 1,
              payer_total: trade?.total ?? 1,
              payer_refund: trade?.total ?? 1,
            },
            ...extra.resource,
          }
        : {
            appid: options.appId,
            mchid: options.mchId,
            out_trade_no: outTradeNo,
            transaction_id: trade?.transactionId ?? '',
            trade_type: 'NATIVE',
            trade_state: 'SUCCESS',
            trade_state_desc: '支付成功',
            success_time: new Date().toISOString(),
            payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
            amount: {
              total: trade?.total ?? 1,
              payer_total: trade?.total ?? 1,
              currency: trade?.currency ?? 'CNY',
              payer_currency: 'CNY',
            },
            ...extra.resource,
          };
      const body = JSON.stringify({
        id: `EV-${randomBytes(10).toString('hex')}`,
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary: refund ? '退款成功' : '支付成功',
        resource: {
          original_type: refund ? 'refund' : 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ...encrypt(
            extra.apiV3Key ?? options.apiV3Key,
            JSON.stringify(content),
            refund ? 'refund' : 'transaction',
          ),
        },
      });
      const timestamp = String(extra.timestamp ?? Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': extra.serial ?? options.platformSerial,
          'wechatpay-signature': signText(
            extra.signingKey ?? options.platformPrivateKey,
            `${timestamp}\n${nonce}\n${body}\n`,
          ),
        },
      };
    },
  };

  function reply(res: ServerResponse, status: number, payload: unknown) {
    const body = payload === null ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'request-id': randomBytes(8).toString('hex'),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.platformSerial,
      'wechatpay-signature': signText(
        options.platformPrivateKey,
        `${timestamp}\n${nonce}\n${body}\n`,
      ),
    });
    res.end(body);
  }

  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    reply(res, status, { code, message });

  function handle(method: string, path: string, raw: string, auth: string, res: ServerResponse) {
    const match = AUTH.exec(auth);
    if (!match) return error(res, 401, 'SIGN_ERROR', 'Authorization 头格式错误');
    const [, mchid, nonce, signature, timestamp, serial] = match;
    const signed = `${method}\n${path}\n${timestamp}\n${nonce}\n${raw}\n`;
    let good = false;
    try {
      good = createVerify('sha256')
        .update(signed, 'utf8')
        .verify(options.merchantPublicKey, Buffer.from(signature ?? '', 'base64'));
    } catch {
      good = false;
    }
    if (mchid !== options.mchId || serial !== options.merchantSerial || !good) {
      return error(res, 401, 'SIGN_ERROR', '签名错误');
    }
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) {
      return error(res, 401, 'SIGN_ERROR', '时间戳过期');
    }
    let body: Record<string, unknown> | null = null;
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(res, 400, 'PARAM_ERROR', '请求体不是 JSON');
      }
    }
    state.requests.push({ method, path, body });
    const url = new URL(path, 'http://fake.invalid');

    if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const amount = (body?.amount ?? {}) as { total?: unknown; currency?: unknown };
      const outTradeNo = String(body?.out_trade_no ?? '');
      if (
        body?.appid !== options.appId ||
        body?.mchid !== options.mchId ||
        !/^[0-9A-Za-z_\-|*]{6,32}$/.test(outTradeNo) ||
        typeof amount.total !== 'number' ||
        !Number.isInteger(amount.total) ||
        amount.total < 1 ||
        amount.currency !== 'CNY' ||
        typeof body?.notify_url !== 'string' ||
        typeof body?.description !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(String(body?.time_expire ?? ''))
      ) {
        return error(res, 400, 'PARAM_ERROR', '参数错误');
      }
      if (state.trades.has(outTradeNo)) return error(res, 400, 'ORDER_EXISTS', '订单号重复');
      state.trades.set(outTradeNo, {
        outTradeNo,
        transactionId: `42000${randomBytes(10).toString('hex')}`,
        total: amount.total,
        currency: 'CNY',
        state: 'NOTPAY',
        refundStatus: null,
      });
      return reply(res, 200, {
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
      });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && query) {
      if (url.searchParams.get('mchid') !== options.mchId)
        return error(res, 400, 'PARAM_ERROR', 'mchid');
      const trade = state.trades.get(decodeURIComponent(query[1] ?? ''));
      if (!trade) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return reply(res, 200, {
        appid: options.appId,
        mchid: options.mchId,
        out_trade_no: trade.outTradeNo,
        transaction_id: trade.state === 'NOTPAY' ? undefined : trade.transactionId,
        trade_type: 'NATIVE',
        trade_state: trade.state,
        amount: { total: trade.total, currency: trade.currency },
      });
    }
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const trade = state.trades.get(String(body?.out_trade_no ?? ''));
      const amount = (body?.amount ?? {}) as {
        refund?: unknown;
        total?: unknown;
        currency?: unknown;
      };
      if (!trade) return error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (
        amount.total !== trade.total ||
        amount.refund !== trade.total ||
        amount.currency !== 'CNY' ||
        !body?.out_refund_no
      ) {
        return error(res, 400, 'PARAM_ERROR', '退款金额不符');
      }
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') {
        return error(res, 403, 'NOT_ENOUGH', '交易状态不允许退款');
      }
      trade.state = 'REFUND';
      trade.refundStatus = trade.refundStatus === 'SUCCESS' ? 'SUCCESS' : state.refundAnswer;
      return reply(res, 200, {
        refund_id: `50${randomBytes(8).toString('hex')}`,
        out_refund_no: body.out_refund_no,
        out_trade_no: trade.outTradeNo,
        status: trade.refundStatus,
        amount: { total: trade.total, refund: trade.total, currency: 'CNY' },
      });
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && refundQuery) {
      const trade = state.trades.get(decodeURIComponent(refundQuery[1] ?? ''));
      if (!trade?.refundStatus) return error(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return reply(res, 200, { out_refund_no: trade.outTradeNo, status: trade.refundStatus });
    }
    return error(res, 404, 'NOT_FOUND', '无此接口');
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const part of req) raw += String(part);
    handle(req.method ?? 'GET', req.url ?? '/', raw, req.headers.authorization ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
