import type { AiProvider, AiProviderInput } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `PUT /api/system/v1/ai/provider/{id}`; without `apiKey` the stored key is kept. */
export function updateAiProvider(id: string, body: AiProviderInput) {
  return api.put<AiProvider>(`/system/v1/ai/provider/${encodeURIComponent(id)}`, body);
}
