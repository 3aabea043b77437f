import { useQuery } from '@tanstack/react-query';
import type { StatementLineStatus, StatementLinesPage } from '@sede/shared/finance/statements-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

export type LinesQuery = { accountId?: string; status?: StatementLineStatus };

export const useStatementLines = (q: LinesQuery) =>
  useQuery({
    queryKey: reportsKeys.statementLines(q),
    queryFn: () => {
      const p = new URLSearchParams();
      if (q.accountId) p.set('accountId', q.accountId);
      if (q.status) p.set('status', q.status);
      return api<StatementLinesPage>(`/finance/statements/lines?${p}`);
    },
    enabled: Boolean(q.accountId),
  });
