import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A change that is never retried (it would act twice) and refreshes the lists it touches once it settles. */
export function useRefreshingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, refreshes: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSettled: () => Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
