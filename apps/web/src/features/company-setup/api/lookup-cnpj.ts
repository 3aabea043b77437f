import { useMutation } from '@tanstack/react-query';
import { cnpjLookupSchema, type CnpjLookupInput, type CompanyLookupResult } from '@sede/shared/company';
import { api } from '../../../lib/api-client.ts';

export { cnpjLookupSchema };

/** The server answers within 4 s (decision 0085); past this the search counts as failed. */
export const LOOKUP_CLIENT_TIMEOUT_MS = 4500;

/** The fetch-cnpj-data call: the registry record of a CNPJ (server cache first). */
export function lookupCnpj(input: CnpjLookupInput): Promise<CompanyLookupResult> {
  const { cnpj } = cnpjLookupSchema.parse(input);
  return api<CompanyLookupResult>(`/cnpj/${encodeURIComponent(cnpj)}`, { signal: AbortSignal.timeout(LOOKUP_CLIENT_TIMEOUT_MS) });
}

export function useLookupCnpj() {
  // The server already falls back across providers; a retry here would only double the wait.
  return useMutation({ mutationFn: lookupCnpj, retry: 0 });
}
