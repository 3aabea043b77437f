import { useQuery } from '@tanstack/react-query';
import type { OpeningView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';
import { recruitingKeys } from './keys.ts';

export const getOpening = (id: string) => api<OpeningView>(`/rh-recruiting/openings/${id}`);
export const useOpening = (id: string) => useQuery({ queryKey: recruitingKeys.opening(id), queryFn: () => getOpening(id) });
