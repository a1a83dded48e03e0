import { QueryClient } from '@tanstack/react-query';

/** The API client already retries timeouts (spec §8); queries do not retry on top of it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
