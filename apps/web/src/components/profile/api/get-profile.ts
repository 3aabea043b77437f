import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@sede/shared/profile';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from './keys.ts';

export const profileQueryKey = profileKeys.profile;

export const getProfile = () => api<ProfileView>('/profile');

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 0 });

export const useProfile = () => useQuery(profileQueryOptions());
