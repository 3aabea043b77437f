import { useMutation } from '@tanstack/react-query';
import { cnpjLookupSchema, type CnpjLookupInput, type CompanyLookupResult } from '@sede/shared/company';
import { fetchCnpjRecord } from '../../../lib/cnpj-lookup.ts';

export { cnpjLookupSchema };

/** The fetch-cnpj-data call: the registry record of a CNPJ (server cache first). */
export function lookupCnpj(input: CnpjLookupInput): Promise<CompanyLookupResult> {
  return fetchCnpjRecord(cnpjLookupSchema.parse(input).cnpj);
}

export function useLookupCnpj() {
  // The server already falls back across providers; a retry here would only double the wait.
  return useMutation({ mutationFn: lookupCnpj, retry: 0 });
}
