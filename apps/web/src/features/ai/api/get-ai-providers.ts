import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiProviderListSchema, type AiProvider } from '@library/contract';
import { api } from '../../../lib/api-client';
import { aiKeys } from './ai-keys';

/** `GET /api/system/v1/ai/provider` (system administrators): the configured model providers. */
export async function getAiProviders(signal?: AbortSignal): Promise<AiProvider[]> {
  const data: unknown = await api.get('/system/v1/ai/provider', { signal });
  return aiProviderListSchema.parse(data).list;
}

export function aiProvidersQueryOptions() {
  return queryOptions({
    queryKey: aiKeys.providers,
    queryFn: ({ signal }) => getAiProviders(signal),
    retry: false,
  });
}

export function useAiProviders() {
  return useQuery(aiProvidersQueryOptions());
}
