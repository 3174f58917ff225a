import type { AiProvider, AiProviderInput } from '@library/contract';
import { api } from '../../../lib/api-client';

/** `POST /api/system/v1/ai/provider`: adds a model provider (the key is stored encrypted). */
export function createAiProvider(body: AiProviderInput) {
  return api.post<AiProvider>('/system/v1/ai/provider', body);
}
