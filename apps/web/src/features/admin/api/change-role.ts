import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeRoleSchema, type ChangeRoleInput } from '@sede/shared/members';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { adminKeys } from './keys.ts';

export const changeRole = ({ userId, ...input }: ChangeRoleInput & { userId: string }) =>
  api(`/members/${encodeURIComponent(userId)}`, { method: 'PATCH', json: changeRoleSchema.parse(input) });

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    retry: false,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: membersQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
    },
  });
}
