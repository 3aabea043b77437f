/**
 * Roots of the query keys whose data follows the company row: the live stream
 * (use-live-company.ts) invalidates them on a 'company' event. The company and billing features
 * build their keys under these roots (their api/keys.ts), so the session never imports a feature.
 */
export const LIVE_COMPANY_ROOTS = {
  company: ['company'] as const,
  billing: ['billing'] as const,
};
