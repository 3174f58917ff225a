// TanStack Query holds everything that comes from the server. Failures are already reported by
// the API client (toast or login dialog), so queries do not retry on their own and do not refetch
// on every window focus.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
