import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

/** New token and expiry for a pending invitation; the e-mail goes out again. */
export const resendInvitation = (id: string) => api(`/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });

export const useResendInvitation = () => useRefreshingMutation(resendInvitation, [invitationsQueryKey]);
