import { useQuery } from '@tanstack/react-query';
import type { StatementImport } from '@sede/shared/finance/statements-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

/** The company's 50 newest statement imports (every account), newest first. */
export const useStatementImports = () =>
  useQuery({
    queryKey: reportsKeys.statementImports,
    queryFn: async () => (await api<{ imports: StatementImport[] }>('/finance/statements/imports')).imports,
  });
