import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApiClient, resetApiClient } from '../lib/api-client';
import { toast, useToastStore } from '../components/toast';
import { configureApi } from './configure-api';

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
