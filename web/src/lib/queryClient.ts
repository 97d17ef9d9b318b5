import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Data never goes stale by itself, is not refetched on focus or by polling, and nothing is retried
 * (spec section 9): a vet on a farm connection should not see requests fire behind their back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
