import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './keys.ts';

export type SupportMe = { operator: boolean; supportEmail: string | null };
export const useSupportMe = () => useQuery({ queryKey: supportKeys.me, queryFn: () => api<SupportMe>('/support/me') });
