import { useQuery } from '@tanstack/react-query';
import type { LeadsQuote, LeadsSelection } from '@sede/shared/prospecting/leads';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** POST /api/prospecting/leads/quote: how many leads and coins an export or a send would reveal. */
export const getQuote = (selection: LeadsSelection) => api<LeadsQuote>('/prospecting/leads/quote', { method: 'POST', json: selection });
export const useQuote = (selection: LeadsSelection | null) =>
  useQuery({ queryKey: prospectingKeys.quote(JSON.stringify(selection)), queryFn: () => getQuote(selection!), enabled: selection !== null, retry: false });
