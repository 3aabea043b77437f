import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DocumentListItem } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';
import { documentKeys, type DocumentFilters } from './keys.ts';

type Page = { items: DocumentListItem[]; nextCursor: string | null };

export const useDocuments = (filters: DocumentFilters) =>
  useInfiniteQuery({
    queryKey: documentKeys.list(filters),
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ scope: filters.scope });
      if (filters.folderId) q.set('folderId', filters.folderId);
      if (filters.projectId) q.set('projectId', filters.projectId);
      if (filters.q) q.set('q', filters.q);
      if (pageParam) q.set('cursor', pageParam);
      return api<Page>(`/documents?${q}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
