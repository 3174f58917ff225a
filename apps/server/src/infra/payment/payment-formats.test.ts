// The providers' text formats that money and signatures depend on: decimal amounts both ways,
// Alipay's signing string and the signed response object cut from the raw answer, WeChat Pay's
// request message and its AES-256-GCM resources.
import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { minorUnitsToDecimal } from '@library/contract';
import { alipaySignContent, beijingTime, responseNodeText } from './alipay-provider.js';
import { decimalToMinorUnits } from './payment-provider.js';
import { decryptResource, rfc3339Beijing, wechatRequestMessage } from './wechat-provider.js';

describe('amounts', () => {
  it('turns minor units into decimal text and back without floating point', () => {
    expect(minorUnitsToDecimal(8800)).toBe('88.00');
    expect(minorUnitsToDecimal(1)).toBe('0.01');
    expect(minorUnitsToDecimal(123456789)).toBe('1234567.89');
    expect(decimalToMinorUnits('88.00')).toBe(8800);
    expect(decimalToMinorUnits('0.1')).toBe(10);
    expect(decimalToMinorUnits('19.99')).toBe(1999);
    expect(decimalToMinorUnits('7')).toBe(700);
    for (const bad of ['', '1.234', '-1.00', '1e3', '0x10', '1,00']) {
      expect(() => decimalToMinorUnits(bad), bad).toThrow();
    }
  });
});

describe('Alipay', () => {
  it('signs the sorted fields, leaving out the excluded and the empty ones', () => {
    expect(
      alipaySignContent({ sign: 'x', b: '2', a: '1', sign_type: 'RSA2', empty: '' }, ['sign']),
    ).toBe('a=1&b=2&sign_type=RSA2');
    expect(alipaySignContent({ sign: 'x', b: '2', sign_type: 'RSA2' }, ['sign', 'sign_type'])).toBe(
      'b=2',
    );
  });

  it('cuts the signed response object out of the answer exactly as sent', () => {
    const node = '{"code":"10000","msg":"Success","qr_code":"https://qr.alipay.com/x","n":"}{\\""}';
    const raw = `{"alipay_trade_precreate_response" : ${node},"sign":"abc"}`;
    expect(responseNodeText(raw, 'alipay_trade_precreate_response')).toBe(node);
    expect(responseNodeText(raw, 'alipay_trade_query_response')).toBeNull();
    expect(responseNodeText('{"a_response":"text"}', 'a_response')).toBeNull();
  });

  it('writes times in Beijing time', () => {
    expect(beijingTime(new Date('2025-01-31T16:30:05Z'))).toBe('2025-02-01 00:30:05');
  });
});

describe('WeChat Pay', () => {
  it('signs method, path, timestamp, nonce and body, each on its own line', () => {
    expect(wechatRequestMessage('GET', '/v3/x?mchid=1', '1554208460', 'N', '')).toBe(
      'GET\n/v3/x?mchid=1\n1554208460\nN\n\n',
    );
    expect(rfc3339Beijing(new Date('2025-06-08T02:34:56Z'))).toBe('2025-06-08T10:34:56+08:00');
  });

  it('opens a resource sealed with the APIv3 key and refuses one that was altered', () => {
    const key = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from('fdasflkja484'));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([
      cipher.update('{"out_trade_no":"1"}'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const resource = { ciphertext: sealed, nonce: 'fdasflkja484', associated_data: 'transaction' };
    expect(decryptResource(key, resource)).toBe('{"out_trade_no":"1"}');
    expect(() => decryptResource(key, { ...resource, associated_data: 'refund' })).toThrow();
    expect(() => decryptResource('Z'.repeat(32), resource)).toThrow();
  });
});
