import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileInput, type SaveProfileReply } from '@sede/shared/profile';
import { api } from '../../../lib/api-client.ts';
import { profileQueryKey } from './get-profile.ts';

/** PUT /api/profile; with invitationToken the invitation is accepted after the profile is saved. */
export const saveProfile = (input: ProfileInput) => api<SaveProfileReply>('/profile', { method: 'PUT', json: profileSchema.parse(input) });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    retry: false,
    onSuccess: (reply) => queryClient.setQueryData(profileQueryKey, reply.profile),
  });
}
