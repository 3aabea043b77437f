import { useQuery } from '@tanstack/react-query';
import type { DocumentVersionView } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

export const useVersions = (id: string, enabled: boolean) =>
  useQuery({ queryKey: documentKeys.versions(id), queryFn: async () => (await api<{ versions: DocumentVersionView[] }>(`/documents/${id}/versions`)).versions, enabled });
