import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { registerDataCache } from './data-cache.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change on retry; a missing response might.
      retry: (count, e) => !(e instanceof ApiError && e.status < 500) && count < 1,
    },
    mutations: { retry: false },
  },
});

registerDataCache(queryClient);
