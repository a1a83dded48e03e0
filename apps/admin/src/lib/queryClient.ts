import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      refetchOnWindowFocus: true,
      // A refusal (code 0, 401, 403) will not change by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.code !== -1) && count < 2,
    },
  },
});
