import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

/** New token and expiry for a pending invitation; the e-mail goes out again. */
export const resendInvitation = (id: string) => api(`/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
