import type { AiConvertRequest, AiConvertResult } from '@library/contract';
import { api } from '../../../lib/api-client';

/** A page or a whole topic to the other script, offline: `POST /api/v1/ai/convert`. */
export function convertScript(request: AiConvertRequest) {
  return api.post<AiConvertResult>('/v1/ai/convert', request);
}
