import { useQuery } from '@tanstack/react-query';
import type { DocumentView } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

export const useDocument = (id: string) => useQuery({ queryKey: documentKeys.one(id), queryFn: () => api<DocumentView>(`/documents/${id}`), staleTime: Number.POSITIVE_INFINITY });
