import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

interface RefreshOptions {
  /** Refresh after a failure too: an action the server may have applied though its answer was lost. */
  evenOnFailure?: boolean;
  /** Hold the caller's own callbacks until the fresh answers are in, so that the next screen shows them at once. */
  awaitRefresh?: boolean;
}

/** A mutation after which the queries under each key of `stale` are fetched again. */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: readonly QueryKey[],
  { evenOnFailure = false, awaitRefresh = false }: RefreshOptions = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    const done = Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return awaitRefresh ? done : undefined;
  };
  return useMutation(evenOnFailure ? { mutationFn, onSettled: refresh } : { mutationFn, onSuccess: refresh });
}
