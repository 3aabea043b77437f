import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { adminKeys } from './keys.ts';

/** Removes the membership (never the last admin); the person loses access at once. */
export const removeMember = (userId: string) => api(`/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    retry: false,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membersQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
    },
  });
}
