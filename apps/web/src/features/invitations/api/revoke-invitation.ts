import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { api } from '../../../lib/api-client.ts';
import { invitationsQueryKey } from './list-invitations.ts';

export const revokeInvitation = (id: string) => api(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useRevokeInvitation = () => useRefreshingMutation(revokeInvitation, [invitationsQueryKey]);
