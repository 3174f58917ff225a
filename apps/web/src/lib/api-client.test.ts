import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@library/contract';
import {
  ApiError,
  RequestCancelledError,
  api,
  configureApiClient,
  resetApiClient,
  trimServerMessage,
} from './api-client';

function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('api client (spec §8)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();
  const onError = vi.fn();
  let token: string | null = null;

  beforeEach(() => {
    token = null;
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    onError.mockReset();
    configureApiClient({
      fetch: fetchMock,
      getToken: () => token,
      getLocale: () => 'zh_CN',
      onUnauthorized,
      onError,
    });
  });

  afterEach(() => {
    resetApiClient();
    vi.useRealTimers();
  });

  function lastRequest(): { url: string; init: RequestInit } {
    const call = fetchMock.mock.calls.at(-1);
    if (!call) throw new Error('no request sent');
    return { url: String(call[0]), init: call[1] ?? {} };
  }

  it('returns data of a code-0 envelope and calls /api with cookies, JSON and the locale header', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, data: { userId: '42' }, msg: 'ok' }));
    configureApiClient({ getLocale: () => 'en_US' });

    await expect(api.post('/v1/user/login', { account: 'a' })).resolves.toEqual({ userId: '42' });

    const { url, init } = lastRequest();
    expect(url).toBe('/api/v1/user/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ account: 'a' }));
    const headers = new Headers(init.headers);
    expect(headers.get('locale')).toBe('en_US');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('sends the bearer token when logged in', async () => {
    token = 'abc123';
    fetchMock.mockResolvedValue(jsonResponse({ code: 0, data: null, msg: '' }));
    await api.get('/v1/user');
    expect(new Headers(lastRequest().init.headers).get('Authorization')).toBe('Bearer abc123');
  });

  it('fails with the body code and msg when code is not 0, and toasts the message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: ErrorCode.wrongAccountOrPassword, data: null, msg: '账号或密码错误' },
        400,
      ),
    );
    const failure = api.post('/v1/user/login', {});
    await expect(failure).rejects.toMatchObject({
      name: 'ApiError',
      code: ErrorCode.wrongAccountOrPassword,
      message: '账号或密码错误',
    });
    expect(onError).toHaveBeenCalledWith('账号或密码错误', expect.any(ApiError));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("keeps only the part after 'msg:' of a server message", async () => {
    expect(trimServerMessage('Validation failed msg: nickname too long')).toBe('nickname too long');
    fetchMock.mockResolvedValue(
      jsonResponse({ code: ErrorCode.paramError, data: null, msg: 'body/x msg:参数错误' }, 400),
    );
    await expect(api.get('/v1/user')).rejects.toMatchObject({ message: '参数错误' });
  });

  it('gives the generic request-failed message for an unknown code without a message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 987654, data: null, msg: '' }));
    await expect(api.get('/v1/user')).rejects.toMatchObject({
      code: 987654,
      message: '请求失败，请重试',
    });
  });

  it('gives the generic request-failed message for an unknown code even when it has a msg', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 987654, data: null, msg: 'internal detail msg: boom' }, 500),
    );
    await expect(api.get('/v1/user')).rejects.toMatchObject({
      code: 987654,
      message: '请求失败，请重试',
    });
    expect(onError).toHaveBeenCalledWith('请求失败，请重试', expect.any(ApiError));
  });

  it("uses the catalogue's text for a known code that comes without a msg", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: ErrorCode.wrongAccountOrPassword, data: null, msg: '' }, 400),
    );
    await expect(api.get('/v1/user')).rejects.toMatchObject({ message: '账号或密码错误' });
  });

  it('falls back to the HTTP status and its text when the body has no failure code', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 409 }));
    await expect(api.get('/v1/user')).rejects.toMatchObject({
      code: 409,
      status: 409,
      message: '数据冲突，请刷新后重试',
    });
    expect(onError).toHaveBeenCalledWith('数据冲突，请刷新后重试', expect.any(ApiError));
  });

  it('falls back to code 500 when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/v1/user')).rejects.toMatchObject({
      code: 500,
      message: '请求失败，请重试',
    });
    expect(onError).toHaveBeenCalledWith('请求失败，请重试', expect.any(ApiError));
  });

  it('logs out and opens login on HTTP 401 instead of toasting', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await expect(api.get('/v1/user')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    [ErrorCode.tokenExpired, 401],
    [ErrorCode.accessTokenInvalid, 401],
    [ErrorCode.tokenExpired, 200],
  ])('logs out for app code %i (HTTP %i)', async (code, status) => {
    fetchMock.mockResolvedValue(jsonResponse({ code, data: null, msg: 'token expired' }, status));
    await expect(api.get('/v1/user')).rejects.toMatchObject({ code });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('treats a 401 with another app code as an ordinary failure: a toast, no logout', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: ErrorCode.sharePasswordRequired, data: null, msg: '分享需要密码' }, 401),
    );
    await expect(api.get('/v1/share/abc')).rejects.toMatchObject({
      code: ErrorCode.sharePasswordRequired,
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith('分享需要密码', expect.any(ApiError));
  });

  it('does neither log out nor toast for a silent call', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await expect(api.get('/v1/user', { silent: true })).rejects.toMatchObject({ code: 401 });
    fetchMock.mockResolvedValue(jsonResponse({ code: 1, data: null, msg: 'failed' }));
    await expect(api.get('/v1/user', { silent: true })).rejects.toMatchObject({ code: 1 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('ignores a request the caller aborted: no toast, a cancel error', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/v1/user', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError);
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("gives up after 6000 ms with spec §8's fallback: code 500 'request failed, please retry'", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = api.get('/v1/user');
    const outcome = pending.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(5999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);

    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 500, status: null, message: '请求失败，请重试' });
    expect(onError).toHaveBeenCalledWith('请求失败，请重试', error);
  });
});
