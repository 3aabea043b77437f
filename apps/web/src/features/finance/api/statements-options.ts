import { useQuery } from '@tanstack/react-query';
import type { StatementOptions } from '@sede/shared/finance/statements-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

/** The accounts to import into and the categories for a new entry. */
export const useStatementOptions = () => useQuery({ queryKey: reportsKeys.statementOptions, queryFn: () => api<StatementOptions>('/finance/statements/options') });
