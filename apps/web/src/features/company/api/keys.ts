import { LIVE_COMPANY_ROOTS } from '../../../lib/session/live-keys.ts';

/** TanStack Query keys of the company. Everything under `all` follows the company's changes. */
export const companyKeys = {
  all: LIVE_COMPANY_ROOTS.company,
  current: ['company', 'current'] as const,
  closure: ['company', 'closure'] as const,
  exportJob: (jobId: string) => ['company', 'export', jobId] as const,
};
