import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { aiWriteUsageListSchema, type AiWriteUsageList } from '@library/contract';
import { api } from '../../../lib/api-client';

export interface AiWriteUsageQuery {
  /** YYYY-MM */
  month: string;
  page: number;
  pageSize: number;
}

/** `GET /api/system/v1/ai/write/usage`: a month's AI writing use per person, most first. */
export async function getAiWriteUsage(
  query: AiWriteUsageQuery,
  signal?: AbortSignal,
): Promise<AiWriteUsageList> {
  const data: unknown = await api.get('/system/v1/ai/write/usage', {
    signal,
    query: { month: query.month, page: query.page, pageSize: query.pageSize },
  });
  return aiWriteUsageListSchema.parse(data);
}

/** The page shown; the previous page stays while the next loads. */
export function useAiWriteUsage(query: AiWriteUsageQuery) {
  return useQuery({
    queryKey: ['system', 'ai', 'write-usage', query] as const,
    queryFn: ({ signal }) => getAiWriteUsage(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
