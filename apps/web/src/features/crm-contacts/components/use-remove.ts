import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** Deletes a record by its id, refreshes its list and says so in a toast (or why it failed: the API's message, else `failed`). */
export function useRemove(remove: (id: string) => Promise<unknown>, list: QueryKey, messages: { done: string; failed: string }) {
  const queryClient = useQueryClient();
  return async (id: string) => {
    try {
      await remove(id);
      await queryClient.invalidateQueries({ queryKey: list });
      toast.success(messages.done);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : messages.failed);
    }
  };
}
