// A loopback fake of the Alipay Open Platform gateway (`gateway.do`) for tests and benchmarks:
// alipay.trade.precreate, alipay.trade.query, alipay.trade.refund and
// alipay.trade.fastpay.refund.query, plus the asynchronous notifications Alipay would send.
//
// Like the real gateway it checks each request's RSA2 signature with the application's public
// key — with its own implementation of the signing rules, not the adapter's — and signs every
// answer and notification with "Alipay's" private key, so an adapter that signs or verifies
// wrongly fails here as it would in production. Node built-ins only.
//
// Answers: a bad signature `40002 isv.invalid-signature`; an unknown app_id `40002
// isv.invalid-app-id`; a trade not created `40004 ACQ.TRADE_NOT_EXIST`; success `10000`.
import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAlipayOptions {
  appId: string;
  /** the application's public key: requests must verify with it */
  appPublicKey: KeyObject;
  /** "Alipay's" private key: answers and notifications are signed with it */
  alipayPrivateKey: KeyObject;
  /** sign answers with this key instead (an answer an adapter must refuse) */
  answerKey?: KeyObject;
}

export interface FakeAlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  refundFee: string | null;
}

export interface FakeAlipay {
  /** pass as the adapter's gateway */
  gateway: string;
  /** method and biz_content of every request whose signature held */
  requests: Array<{ method: string; biz: Record<string, unknown>; params: Record<string, string> }>;
  trades: Map<string, FakeAlipayTrade>;
  /** the buyer scans the QR code and pays */
  pay(outTradeNo: string): FakeAlipayTrade;
  /** the form body of the notification Alipay sends for the trade now; `overrides` change or add
   *  fields before signing, `key` signs with another key */
  notification(outTradeNo: string, overrides?: Record<string, string>, key?: KeyObject): string;
  close(): Promise<void>;
}

/** Alipay's rule, written out again: names sorted, `exclude`d and empty values dropped. */
function content(params: Record<string, string>, exclude: string[]): string {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

function sign(key: KeyObject, text: string): string {
  return createSign('sha256').update(text, 'utf8').sign(key, 'base64');
}

function verify(key: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify('sha256')
      .update(text, 'utf8')
      .verify(key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

function beijing(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const AMOUNT = /^\d+\.\d{2}$/;

export async function startFakeAlipay(options: FakeAlipayOptions): Promise<FakeAlipay> {
  const requests: FakeAlipay['requests'] = [];
  const trades = new Map<string, FakeAlipayTrade>();

  function answer(res: ServerResponse, method: string, node: Record<string, unknown>) {
    const nodeText = JSON.stringify(node);
    const name = `${method.replaceAll('.', '_')}_response`;
    const signature = sign(options.answerKey ?? options.alipayPrivateKey, nodeText);
    const body = `{"${name}":${nodeText},"sign":"${signature}"}`;
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(body);
  }

  const fail = (code: string, msg: string, subCode: string, subMsg: string) => ({
    code,
    msg,
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function handle(params: Record<string, string>, res: ServerResponse) {
    const method = params.method ?? '';
    if (params.app_id !== options.appId) {
      return answer(
        res,
        method,
        fail('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数'),
      );
    }
    if (
      params.sign_type !== 'RSA2' ||
      params.format !== 'JSON' ||
      params.charset !== 'utf-8' ||
      params.version !== '1.0' ||
      !TIMESTAMP.test(params.timestamp ?? '')
    ) {
      return answer(
        res,
        method,
        fail('40002', 'Invalid Arguments', 'isv.invalid-parameter', '参数无效'),
      );
    }
    if (!params.sign || !verify(options.appPublicKey, content(params, ['sign']), params.sign)) {
      return answer(
        res,
        method,
        fail('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错'),
      );
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '') as Record<string, unknown>;
    } catch {
      return answer(
        res,
        method,
        fail('40002', 'Invalid Arguments', 'isv.invalid-biz-content', 'biz_content无效'),
      );
    }
    requests.push({ method, biz, params });
    const outTradeNo = String(biz.out_trade_no ?? '');
    const trade = trades.get(outTradeNo);
    const missing = () =>
      answer(res, method, fail('40004', 'Business Failed', 'ACQ.TRADE_NOT_EXIST', '交易不存在'));

    switch (method) {
      case 'alipay.trade.precreate': {
        const total = String(biz.total_amount ?? '');
        if (!/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo) || !AMOUNT.test(total) || !biz.subject) {
          return answer(
            res,
            method,
            fail('40002', 'Invalid Arguments', 'isv.missing-parameter', '缺少必选参数'),
          );
        }
        if (!params.notify_url) {
          return answer(
            res,
            method,
            fail('40002', 'Invalid Arguments', 'isv.missing-notify-url', '缺少notify_url'),
          );
        }
        trades.set(outTradeNo, {
          outTradeNo,
          tradeNo: `2025${randomBytes(12).toString('hex').slice(0, 24)}`,
          totalAmount: total,
          subject: String(biz.subject),
          status: 'WAIT_BUYER_PAY',
          refundFee: null,
        });
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: outTradeNo,
          qr_code: `https://qr.alipay.com/bax${randomBytes(10).toString('hex')}`,
        });
      }
      case 'alipay.trade.query':
        // a trade is known to the query only once the buyer scanned it
        if (!trade || trade.status === 'WAIT_BUYER_PAY') return missing();
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          trade_status: trade.status,
          total_amount: trade.totalAmount,
        });
      case 'alipay.trade.refund':
        if (!trade || trade.status !== 'TRADE_SUCCESS') {
          if (trade?.refundFee) {
            return answer(res, method, {
              code: '10000',
              msg: 'Success',
              fund_change: 'N',
              refund_fee: trade.refundFee,
            });
          }
          return answer(
            res,
            method,
            fail('40004', 'Business Failed', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法'),
          );
        }
        if (biz.refund_amount !== trade.totalAmount || !biz.out_request_no) {
          return answer(
            res,
            method,
            fail('40004', 'Business Failed', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'),
          );
        }
        trade.status = 'TRADE_CLOSED';
        trade.refundFee = trade.totalAmount;
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          fund_change: 'Y',
          refund_fee: trade.refundFee,
        });
      case 'alipay.trade.fastpay.refund.query':
        if (!trade) return missing();
        return answer(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: outTradeNo,
          refund_status: trade.refundFee ? 'REFUND_SUCCESS' : undefined,
        });
      default:
        return answer(
          res,
          method,
          fail('40004', 'Business Failed', 'isv.invalid-method', '不存在的方法名'),
        );
    }
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const part of req) raw += String(part);
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/gateway.do')) {
      res.writeHead(404);
      res.end();
      return;
    }
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(raw)) params[name] = value;
    handle(params, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    requests,
    trades,
    pay(outTradeNo) {
      const trade = trades.get(outTradeNo);
      if (!trade) throw new Error(`no trade ${outTradeNo}`);
      trade.status = 'TRADE_SUCCESS';
      return trade;
    },
    notification(outTradeNo, overrides = {}, key = options.alipayPrivateKey) {
      const trade = trades.get(outTradeNo);
      const now = beijing(new Date());
      const params: Record<string, string> = {
        notify_time: now,
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: options.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade?.tradeNo ?? '',
        out_trade_no: outTradeNo,
        trade_status: trade?.status ?? 'TRADE_SUCCESS',
        total_amount: trade?.totalAmount ?? '0.01',
        receipt_amount: trade?.totalAmount ?? '0.01',
        subject: trade?.subject ?? '',
        gmt_create: now,
        gmt_payment: now,
        ...overrides,
      };
      params.sign = sign(key, content(params, ['sign', 'sign_type']));
      return new URLSearchParams(params).toString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
