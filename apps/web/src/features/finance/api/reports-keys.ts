/** TanStack Query keys of the finance reports and statements (engineer F's part of /financeiro). */
export const reportsKeys = {
  /** Everything of /financeiro this part caches (what a reconciliation invalidates: lines, balances, reports). */
  area: ['finance'] as const,
  all: ['finance', 'reports'] as const,
  overview: ['finance', 'reports', 'overview'] as const,
  cashFlow: (q: Record<string, string | undefined>) => ['finance', 'reports', 'cash-flow', q] as const,
  dre: (q: Record<string, string | number | undefined>) => ['finance', 'reports', 'dre', q] as const,
  statements: ['finance', 'statements'] as const,
  statementOptions: ['finance', 'statements', 'options'] as const,
  statementImports: ['finance', 'statements', 'imports'] as const,
  statementLines: (q: Record<string, string | undefined>) => ['finance', 'statements', 'lines', q] as const,
};
