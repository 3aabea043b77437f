import { useInfiniteQuery } from '@tanstack/react-query';
import type { StatementLineStatus, StatementLinesPage } from '@sede/shared/finance/statements-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

export type LinesQuery = { accountId?: string; status?: StatementLineStatus };

/** The account's statement lines, newest first, 100 a page ('Carregar mais'). */
export const useStatementLines = (q: LinesQuery) =>
  useInfiniteQuery({
    queryKey: reportsKeys.statementLines(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const p = new URLSearchParams();
      if (q.accountId) p.set('accountId', q.accountId);
      if (q.status) p.set('status', q.status);
      if (pageParam) p.set('cursor', pageParam);
      return api<StatementLinesPage>(`/finance/statements/lines?${p}`);
    },
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(q.accountId),
  });
