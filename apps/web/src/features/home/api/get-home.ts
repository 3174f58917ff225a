import { useQuery } from '@tanstack/react-query';
import type { Home } from '@library/contract';
import { api } from '../../../lib/api-client';

export const homeQueryKey = ['home'] as const;

/** `GET /api/v1/home`: unread mentions and replies, pages changed since one's visit, recent visits. */
export function useHome() {
  return useQuery({
    queryKey: homeQueryKey,
    queryFn: ({ signal }) => api.get<Home>('/v1/home', { signal }),
  });
}
