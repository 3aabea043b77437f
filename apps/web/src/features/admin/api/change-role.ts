import { changeRoleSchema, type ChangeRoleInput } from '@sede/shared/members';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { api } from '../../../lib/api-client.ts';
import { membersQueryKey } from './list-members.ts';
import { adminKeys } from './keys.ts';

export const changeRole = ({ userId, ...input }: ChangeRoleInput & { userId: string }) =>
  api(`/members/${encodeURIComponent(userId)}`, { method: 'PATCH', json: changeRoleSchema.parse(input) });

export const useChangeRole = () => useRefreshingMutation(changeRole, [membersQueryKey, adminKeys.activity]);
