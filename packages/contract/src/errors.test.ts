import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  errorCatalogue,
  errorMessage,
  errorStatus,
  httpStatusMessage,
  httpStatusMessages,
  requestFailedMessage,
} from './errors.js';
import { locales } from './locale.js';

const codes = Object.values(ErrorCode) as number[];
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('error catalogue', () => {
  it('has an entry with three non-empty messages for every code', () => {
    for (const code of codes) {
      const entry = errorCatalogue[code];
      expect(entry, `code ${code}`).toBeDefined();
      for (const locale of locales) {
        expect(entry?.messages[locale].trim(), `code ${code} ${locale}`).not.toBe('');
      }
    }
  });

  it('writes zh_TW in Traditional characters, not a copy of zh_CN', () => {
    const differing = codes.filter((code) => {
      const messages = errorCatalogue[code]?.messages;
      return messages !== undefined && messages.zh_TW !== messages.zh_CN;
    });
    expect(differing.length).toBeGreaterThan(codes.length / 2);
  });

  it('gives every code its own name and has no unnamed entries', () => {
    expect(new Set(codes).size).toBe(codes.length);
    const catalogued = Object.keys(errorCatalogue).map(Number);
    expect(catalogued.sort((a, b) => a - b)).toEqual([...codes].sort((a, b) => a - b));
  });

  it('maps every catalogue status to a real HTTP status', () => {
    for (const code of codes) {
      const status = errorStatus(code);
      expect(status, `code ${code}`).toBeGreaterThanOrEqual(200);
      expect(status, `code ${code}`).toBeLessThan(600);
    }
  });

  it('covers every range of the spec', () => {
    const expected = [
      0,
      1,
      ...range(100000, 100012),
      ...range(200001, 200016),
      ...range(300001, 300007),
      300100,
      ...range(400001, 400003),
      ...range(500001, 500007),
      ...range(600001, 600004),
      ...range(601000, 601010),
      ...range(602000, 602002),
      ...range(700001, 700014),
      700020,
      ...range(700050, 700068),
      ...range(700100, 700113),
      ...range(710001, 710002),
      800010,
      ...range(900010, 900015),
    ];
    const missing = expected.filter((code) => !codes.includes(code));
    expect(missing).toEqual([]);
  });

  it('tells the user to contact the provider for feature switches and quotas', () => {
    for (const code of [...range(700050, 700068), ...range(700100, 700113)]) {
      const messages = errorCatalogue[code]?.messages;
      expect(messages?.zh_CN, `code ${code}`).toContain('联系服务商');
      expect(messages?.zh_TW, `code ${code}`).toContain('聯絡服務商');
      expect(messages?.en_US, `code ${code}`).toContain('contact your provider');
    }
  });
});

describe('errorStatus and errorMessage', () => {
  it('maps app codes to their HTTP status', () => {
    expect(errorStatus(ErrorCode.success)).toBe(200);
    expect(errorStatus(100003)).toBe(401);
    expect(errorStatus(200016)).toBe(429);
    expect(errorStatus(ErrorCode.permissionDenied)).toBe(403);
    expect(errorStatus(ErrorCode.quotaSingleFileSize)).toBe(413);
    expect(errorStatus(ErrorCode.fileTypeUnsupported)).toBe(415);
  });

  it('answers 500 for an unknown code', () => {
    expect(errorStatus(999999)).toBe(500);
  });

  it('gives the message in the requested locale', () => {
    expect(errorMessage(ErrorCode.wrongAccountOrPassword, 'zh_CN')).toBe('账号或密码错误');
    expect(errorMessage(ErrorCode.wrongAccountOrPassword, 'zh_TW')).toBe('帳號或密碼錯誤');
    expect(errorMessage(ErrorCode.wrongAccountOrPassword, 'en_US')).toBe(
      'Incorrect account or password',
    );
  });

  it('falls back to the generic request-failed message for an unknown code', () => {
    expect(errorMessage(999999, 'en_US')).toBe(requestFailedMessage.en_US);
    expect(errorMessage(999999, 'zh_CN')).toBe(requestFailedMessage.zh_CN);
    expect(requestFailedMessage.en_US).toBe('Request failed, please retry');
  });
});

describe('httpStatusMessage', () => {
  it('has texts in every locale for the statuses of the spec', () => {
    const statuses = Object.keys(httpStatusMessages).map(Number);
    expect(statuses.sort((a, b) => a - b)).toEqual([
      400, 401, 403, 404, 405, 409, 413, 415, 429, 500,
    ]);
    for (const status of statuses) {
      for (const locale of locales) {
        expect(httpStatusMessage(status, locale).trim(), `${status} ${locale}`).not.toBe('');
      }
    }
  });

  it('includes the status number in the 404 text', () => {
    expect(httpStatusMessage(404, 'zh_CN')).toContain('404');
    expect(httpStatusMessage(404, 'en_US')).toContain('404');
  });

  it('falls back to the request-failed message for an unknown status', () => {
    expect(httpStatusMessage(418, 'zh_TW')).toBe(requestFailedMessage.zh_TW);
    expect(httpStatusMessage(500, 'zh_CN')).not.toBe(requestFailedMessage.zh_CN);
  });
});
