import type { CompanyLookupResult } from '@sede/shared/company';
import { api } from './api-client.ts';

/** The server answers within 4 s (decision 0085); past this the search counts as failed. */
export const LOOKUP_CLIENT_TIMEOUT_MS = 4500;

/** GET /api/cnpj/:cnpj — the registry record of a valid, unmasked CNPJ (the server's cache first, then the providers). */
export const fetchCnpjRecord = (cnpj: string) => api<CompanyLookupResult>(`/cnpj/${encodeURIComponent(cnpj)}`, { signal: AbortSignal.timeout(LOOKUP_CLIENT_TIMEOUT_MS) });
