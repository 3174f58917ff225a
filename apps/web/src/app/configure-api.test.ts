import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, peerQuotaCodes, quotaCodes } from '@library/contract';
import {
  ApiError,
  api,
  configureApiClient,
  reportApiError,
  resetApiClient,
} from '../lib/api-client';
import { goodsForSaleKey } from '../lib/goods-for-sale';
import { registerNavigator } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { toast, useToastStore } from '../components/toast';
import { configureApi, errorToastAction } from './configure-api';

function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((item) => item.message);
}

describe('the API client as the app wires it (spec §8 fallbacks)', () => {
  beforeEach(() => {
    toast.closeAll();
    configureApi();
  });

  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    vi.useRealTimers();
  });

  it("shows 'request failed, please retry' for a call that times out", async () => {
    vi.useFakeTimers();
    configureApiClient({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    });
    const failure = api.get('/v1/user').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await failure).toMatchObject({ code: 500, message: '请求失败，请重试' });
    expect(toastMessages()).toEqual(['请求失败，请重试']);
  });

  it('shows the same text when the network fails', async () => {
    configureApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.get('/v1/user')).rejects.toMatchObject({ code: 500 });
    expect(toastMessages()).toEqual(['请求失败，请重试']);
  });
});

describe("a quota reached (7001xx) offers the way out: the toast's 'upgrade' opens the price list", () => {
  const navigate = vi.fn(() => Promise.resolve());

  beforeEach(() => {
    toast.closeAll();
    configureApi();
    // the app shell asked the price list: something is for sale
    queryClient.setQueryData(goodsForSaleKey, true);
    navigate.mockClear();
    registerNavigator({
      navigate,
      currentPath: () => '/space/s-1?tab=files',
      installRoutesFor: () => undefined,
    });
  });

  afterEach(() => {
    resetApiClient();
    toast.closeAll();
    queryClient.clear();
  });

  function answering(code: number, msg: string) {
    configureApiClient({
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ code, data: null, msg }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
    });
  }

  it('adds an upgrade action to the error toast of an own quota, leading back afterwards', async () => {
    answering(ErrorCode.quotaSpaces, '空间数量已达上限，请联系服务商');
    await expect(api.post('/v2/space', { name: '新空间' })).rejects.toMatchObject({
      code: ErrorCode.quotaSpaces,
    });
    const [shown] = useToastStore.getState().toasts;
    expect(shown).toMatchObject({
      type: 'error',
      message: '空间数量已达上限，请联系服务商',
      duration: 6000,
      showClose: true,
    });
    expect(shown?.action?.label).toBe('升级');
    shown?.action?.onClick();
    expect(navigate).toHaveBeenCalledWith('/plans?back=%2Fspace%2Fs-1%3Ftab%3Dfiles', undefined);
  });

  it.each(Object.values(quotaCodes))(
    "offers it for each of the account's own quotas: %i",
    (code) => {
      const error = new ApiError(code, 'quota', 403, 'app');
      expect(errorToastAction(error)?.label).toBe('升级');
    },
  );

  it("offers nothing for the other party's quota (buying cannot raise it) or other failures", () => {
    for (const code of Object.values(peerQuotaCodes)) {
      expect(errorToastAction(new ApiError(code, 'peer', 403, 'app'))).toBeUndefined();
    }
    expect(errorToastAction(new ApiError(ErrorCode.orderPaid, 'paid', 409, 'app'))).toBeUndefined();
    expect(errorToastAction(new ApiError(500, 'failed', null, 'network'))).toBeUndefined();
  });

  it('offers nothing while nothing is for sale, or before the price list answered', () => {
    const error = new ApiError(ErrorCode.quotaSpaces, 'quota', 403, 'app');
    queryClient.setQueryData(goodsForSaleKey, false);
    expect(errorToastAction(error)).toBeUndefined();
    queryClient.removeQueries({ queryKey: goodsForSaleKey });
    expect(errorToastAction(error)).toBeUndefined();
  });

  it('offers it on an upload refused for its quota too (uploads report through the client)', () => {
    reportApiError(
      new ApiError(ErrorCode.quotaSpaceSize, '空间容量已达上限，请联系服务商', 403, 'app'),
    );
    const [shown] = useToastStore.getState().toasts;
    expect(shown?.message).toBe('空间容量已达上限，请联系服务商');
    expect(shown?.action?.label).toBe('升级');
  });
});
