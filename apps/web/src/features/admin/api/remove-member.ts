import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { adminKeys } from './keys.ts';

/** Removes the membership (never the last admin); the person loses access at once. */
export const removeMember = (userId: string) => api(`/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useRemoveMember = () => useRefreshingMutation(removeMember, [membersQueryKey, adminKeys.activity]);
