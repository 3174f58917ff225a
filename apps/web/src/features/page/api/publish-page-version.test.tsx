import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { pageVersionsQueryOptions } from './get-page-versions';
import { usePublishPageVersion } from './publish-page-version';
import { useUnpublishPage } from './unpublish-page';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, data, msg: 'ok' }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** The version list answers once; every later refetch is stuck on its way (until aborted). */
function serverWithStuckRefetch() {
  let listed = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && path === '/api/v2/space/page/p1/version') {
      listed += 1;
      if (listed === 1) return envelope({ list: [] });
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
      );
    }
    if (method === 'POST') return envelope({ version: 1, name: 'v1', published: true });
    return envelope(null);
  };
  configureApiClient({ fetch });
  return { listed: () => listed };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => resetApiClient());

describe("publishing and unpublishing a page's version", () => {
  it("is done when the server answers, not when the version list's refetch ends", async () => {
    const server = serverWithStuckRefetch();
    const { result } = renderHook(
      () => ({
        versions: useQuery(pageVersionsQueryOptions('p1')),
        publish: usePublishPageVersion('p1'),
        unpublish: useUnpublishPage('p1'),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.versions.isSuccess).toBe(true));
    await act(() => result.current.publish.mutateAsync('v1'));
    await waitFor(() => expect(result.current.publish.isPending).toBe(false));
    // the list was asked again, and that answer has not come
    expect(server.listed()).toBe(2);
    expect(result.current.versions.isFetching).toBe(true);
    await act(() => result.current.unpublish.mutateAsync());
    expect(result.current.unpublish.isPending).toBe(false);
  });
});
