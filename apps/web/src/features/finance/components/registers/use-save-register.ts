import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { financeKeys } from '../../api/keys.ts';

/** Runs a change to the registers: says it was done and refreshes them, or answers the API's message. */
export function useSaveRegister(queryKey: QueryKey = financeKeys.registers) {
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: string): Promise<string | null> => {
    try {
      await work();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey });
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.message : 'Não foi possível salvar.';
    }
  };
}
