import { QueryClient } from '@tanstack/react-query';

/**
 * The API client already retries timeouts (docs/product.md#error-handling); queries do not retry on top of it. Mutations run
 * at once even offline ('always'): a bet or a withdrawal tapped without a network fails there and then
 * with its message, never paused and sent later in silence when the network returns.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: false, networkMode: 'always' },
  },
});
