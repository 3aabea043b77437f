import { useQuery } from '@tanstack/react-query';
import type { DocumentFolder } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

export const useFolders = () => useQuery({ queryKey: documentKeys.folders, queryFn: async () => (await api<{ folders: DocumentFolder[] }>('/documents/folders')).folders });
