import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../../test/fakes/aliyun-sms.js';
import {
  aliyunTimestamp,
  buildSendSmsUrl,
  createAliyunSmsProvider,
  percentEncode,
  rpcStringToSign,
  signRpcRequest,
  type AliyunSmsConfig,
} from './aliyun-provider.js';
import { SmsSendError } from './sms-provider.js';

const KEY_ID = 'LTAI5tFakeKeyId0001';
const SECRET = 'fake-Secret/with+odd=chars~*';

const fakes: FakeAliyunSms[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(respond?: Parameters<typeof startFakeAliyunSms>[0]['respond']) {
  const server = await startFakeAliyunSms({
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    ...(respond ? { respond } : {}),
  });
  fakes.push(server);
  return server;
}

function config(endpoint: string, overrides: Partial<AliyunSmsConfig> = {}): AliyunSmsConfig {
  return {
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    signName: '知识库',
    templateCode: 'SMS_123456789',
    endpoint,
    ...overrides,
  };
}

async function sendError(promise: Promise<unknown>): Promise<SmsSendError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  const smsErr = err as SmsSendError;
  expect(smsErr.message).not.toContain(SECRET);
  return smsErr;
}

describe('Aliyun RPC signature (SignatureVersion 1.0)', () => {
  it('percent-encodes with the RFC 3986 rules Aliyun publishes', () => {
    expect(percentEncode('AZaz09-_.~')).toBe('AZaz09-_.~');
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('a*b')).toBe('a%2Ab');
    expect(percentEncode('a+b')).toBe('a%2Bb');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('/:=&')).toBe('%2F%3A%3D%26');
    expect(percentEncode('知')).toBe('%E7%9F%A5');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
  });

  it('formats Timestamp as ISO-8601 UTC without milliseconds', () => {
    expect(aliyunTimestamp(new Date('2017-07-12T02:42:19.987Z'))).toBe('2017-07-12T02:42:19Z');
  });

  it("reproduces the worked example of Aliyun's signature documentation (DescribeRegions)", () => {
    const params = {
      Timestamp: '2016-02-23T12:46:24Z',
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      Version: '2014-05-26',
      SignatureVersion: '1.0',
    };
    expect(rpcStringToSign(params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML' +
        '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf' +
        '%26SignatureVersion%3D1.0%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(signRpcRequest(params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // A stale Signature parameter takes no part in the signature.
    expect(signRpcRequest({ ...params, Signature: 'x' }, 'testsecret')).toBe(
      'OLeaidS1JvxuMvnyHOwuJ+uX5qY=',
    );
  });

  it("reproduces the SMS documentation's SendSms example", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signRpcRequest(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('signs a SendSms request with fixed nonce and clock as computed by hand from the rule', () => {
    const cfg = config('https://dysmsapi.aliyuncs.com/', {
      now: () => new Date('2024-05-01T08:09:10.456Z'),
      nonce: () => 'fixed-nonce-0001',
    });
    // Sorted by name, each name and value percent-encoded, joined with & — written out literally.
    const canonical =
      `AccessKeyId=${KEY_ID}&Action=SendSms&Format=JSON&PhoneNumbers=13800138000` +
      '&RegionId=cn-hangzhou&SignName=%E7%9F%A5%E8%AF%86%E5%BA%93&SignatureMethod=HMAC-SHA1' +
      '&SignatureNonce=fixed-nonce-0001&SignatureVersion=1.0&TemplateCode=SMS_123456789' +
      '&TemplateParam=%7B%22code%22%3A%22123456%22%7D&Timestamp=2024-05-01T08%3A09%3A10Z' +
      '&Version=2017-05-25';
    // The canonical string only holds A-Z a-z 0-9 - _ . % = &, on which encodeURIComponent
    // agrees with Aliyun's encoding.
    const stringToSign = `GET&%2F&${encodeURIComponent(canonical)}`;
    const expected = createHmac('sha1', `${SECRET}&`).update(stringToSign).digest('base64');

    expect(buildSendSmsUrl(cfg, '13800138000', '123456')).toBe(
      `https://dysmsapi.aliyuncs.com/?${canonical}&Signature=${encodeURIComponent(expected)}`,
    );
  });
});

describe('createAliyunSmsProvider against a fake SendSms endpoint', () => {
  it('sends the code with phone, sign name, template and TemplateParam, correctly signed', async () => {
    const server = await fake();
    const provider = createAliyunSmsProvider(config(server.endpoint));
    expect(provider.name).toBe('aliyun');

    await provider.sendCode('13800138000', '654321');
    await provider.sendCode('13900139000', '111222');

    expect(server.received).toHaveLength(2);
    const [first, second] = server.received;
    expect(first).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      AccessKeyId: KEY_ID,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      PhoneNumbers: '13800138000',
      SignName: '知识库',
      TemplateCode: 'SMS_123456789',
    });
    expect(JSON.parse(first?.TemplateParam ?? '')).toEqual({ code: '654321' });
    expect(first?.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(first?.Signature).toBeTruthy();
    expect(second?.PhoneNumbers).toBe('13900139000');
    expect(JSON.parse(second?.TemplateParam ?? '')).toEqual({ code: '111222' });
    // A fresh nonce per request (the fake also refuses a reused one).
    expect(second?.SignatureNonce).not.toBe(first?.SignatureNonce);
  });

  it('sends exactly the signature of the fixed vector when nonce and clock are fixed', async () => {
    const server = await fake();
    const cfg = config(server.endpoint, {
      now: () => new Date('2024-05-01T08:09:10Z'),
      nonce: () => 'fixed-nonce-0002',
    });
    await createAliyunSmsProvider(cfg).sendCode('13800138000', '123456');
    const url = new URL(buildSendSmsUrl(cfg, '13800138000', '123456'));
    expect(server.received[0]?.Signature).toBe(url.searchParams.get('Signature'));
  });

  it('is refused with SignatureDoesNotMatch when configured with a wrong secret', async () => {
    const server = await fake();
    const provider = createAliyunSmsProvider(
      config(server.endpoint, { accessKeySecret: 'not-the-secret' }),
    );
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('SignatureDoesNotMatch');
    expect(err.message).toContain('SignatureDoesNotMatch');
    expect(err.message).not.toContain('not-the-secret');
    expect(server.received).toHaveLength(0);
  });

  it('is refused with InvalidAccessKeyId.NotFound for an unknown AccessKeyId', async () => {
    const server = await fake();
    const provider = createAliyunSmsProvider(config(server.endpoint, { accessKeyId: 'LTAIother' }));
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('InvalidAccessKeyId.NotFound');
  });

  it('turns a business error into an SmsSendError with its Code', async () => {
    const server = await fake(() => ({
      body: {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发小时级流控Permits:5',
        RequestId: 'A1B2C3D4-0000-1111-2222-333344445555',
      },
    }));
    const provider = createAliyunSmsProvider(config(server.endpoint));
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(err.message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(err.message).toContain('A1B2C3D4-0000-1111-2222-333344445555');
    expect(server.received).toHaveLength(1);
  });

  it('turns HTTP 500 into an SmsSendError', async () => {
    const server = await fake(() => ({ status: 500, body: '<html>Internal Server Error</html>' }));
    const provider = createAliyunSmsProvider(config(server.endpoint));
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    expect(err.message).toContain('500');
    expect(err.providerCode).toBeUndefined();
  });

  it('turns a 200 answer that is not JSON into an SmsSendError', async () => {
    const server = await fake(() => ({ body: 'OK, probably' }));
    const provider = createAliyunSmsProvider(config(server.endpoint));
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    expect(err.message).toMatch(/not JSON/);
  });

  it('turns a JSON answer without Code into an SmsSendError', async () => {
    const server = await fake(() => ({ body: { Message: 'OK' } }));
    const provider = createAliyunSmsProvider(config(server.endpoint));
    await sendError(provider.sendCode('13800138000', '123456'));
  });

  it('aborts a request the server never answers after timeoutMs', async () => {
    const server = await fake(() => 'hang');
    const provider = createAliyunSmsProvider(config(server.endpoint, { timeoutMs: 200 }));
    const started = Date.now();
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    const elapsed = Date.now() - started;
    expect(err.message).toMatch(/200 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect(elapsed).toBeLessThan(3000);
    expect(server.received).toHaveLength(1);
  });

  it('turns a refused connection into an SmsSendError', async () => {
    const server = await startFakeAliyunSms({ accessKeyId: KEY_ID, accessKeySecret: SECRET });
    await server.close();
    const provider = createAliyunSmsProvider(config(server.endpoint, { timeoutMs: 2000 }));
    const err = await sendError(provider.sendCode('13800138000', '123456'));
    expect(err.message).toMatch(/request failed/);
  });
});
