import type { AiProviderTestRequest, AiProviderTestResult } from '@library/contract';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/system/v1/ai/provider/test`: one small call to the provider with the form's values
 * (`id` reuses the stored key). A model may answer slowly, so this waits up to 30 s.
 */
export function testAiProvider(body: AiProviderTestRequest) {
  return api.post<AiProviderTestResult>('/system/v1/ai/provider/test', body, {
    timeoutMs: 30_000,
  });
}
