/** TanStack Query keys of the company. Everything under `all` follows the company's changes. */
export const companyKeys = {
  all: ['company'] as const,
  current: ['company', 'current'] as const,
};
