import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiProviderListSchema, type AiProvider } from '@library/contract';
import { api } from '../../../lib/api-client';

export const aiProvidersQueryKey = ['system', 'ai', 'providers'] as const;

/** `GET /api/system/v1/ai/provider` (system administrators): the configured model providers. */
export async function getAiProviders(signal?: AbortSignal): Promise<AiProvider[]> {
  const data: unknown = await api.get('/system/v1/ai/provider', { signal });
  return aiProviderListSchema.parse(data).list;
}

export function aiProvidersQueryOptions() {
  return queryOptions({
    queryKey: aiProvidersQueryKey,
    queryFn: ({ signal }) => getAiProviders(signal),
    retry: false,
  });
}

export function useAiProviders() {
  return useQuery(aiProvidersQueryOptions());
}
