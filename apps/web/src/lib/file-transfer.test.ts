import { describe, expect, it } from 'vitest';
import { ApiError, isSessionExpired } from './api-client';
import { downloadName, fileNameFromDisposition, interpretTransfer } from './file-transfer';

describe('download naming', () => {
  it("takes the original Chinese name from RFC 5987's filename*", () => {
    const header =
      'attachment; filename="_____.pdf"; filename*=UTF-8\'\'%E5%B9%B4%E5%BA%A6%E6%8A%A5%E5%91%8A%20(%E7%BB%88%E7%A8%BF).pdf';
    expect(fileNameFromDisposition(header)).toBe('年度报告 (终稿).pdf');
  });

  it('falls back to the plain filename, unquoting it', () => {
    expect(fileNameFromDisposition('attachment; filename="report \\"v2\\".pdf"')).toBe(
      'report "v2".pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it("saves under the file's known name first, never with path separators", () => {
    expect(downloadName('会议纪要.docx', "attachment; filename*=UTF-8''other.docx")).toBe(
      '会议纪要.docx',
    );
    expect(downloadName(null, "attachment; filename*=UTF-8''%E5%9B%BE.png")).toBe('图.png');
    expect(downloadName('../../etc/passwd', null)).toBe('.._.._etc_passwd');
    expect(downloadName('  ', null)).toBe('download');
  });
});

describe('transfer answers (spec §8)', () => {
  it('answers the envelope data of a success', () => {
    const body = JSON.stringify({ code: 0, data: { fileId: 'f1' }, msg: 'ok' });
    expect(interpretTransfer(200, body, 'zh_CN')).toEqual({ fileId: 'f1' });
  });

  it("fails with the server's msg (after 'msg:') for a known code", () => {
    const body = JSON.stringify({
      code: 602001,
      data: null,
      msg: '参数错误 msg: 不支持该文件类型',
    });
    const error = catchError(() => interpretTransfer(400, body, 'zh_CN'));
    expect(error).toMatchObject({ code: 602001, message: '不支持该文件类型', source: 'app' });
  });

  it('uses the generic message for a code the catalogue does not know', () => {
    const body = JSON.stringify({ code: 123456, data: null, msg: 'internal detail' });
    expect(catchError(() => interpretTransfer(400, body, 'zh_CN')).message).not.toContain(
      'internal',
    );
  });

  it('falls back to the HTTP status without an envelope', () => {
    const error = catchError(() => interpretTransfer(413, '<html>too large</html>', 'en_US'));
    expect(error).toMatchObject({ code: 413, status: 413, source: 'http' });
  });

  it('treats expired tokens and bare 401s as the end of the session', () => {
    expect(isSessionExpired(new ApiError(100003, 'x', 401, 'app'))).toBe(true);
    expect(isSessionExpired(new ApiError(401, 'x', 401, 'http'))).toBe(true);
    expect(isSessionExpired(new ApiError(700107, 'x', 413, 'app'))).toBe(false);
  });
});

function catchError(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}
