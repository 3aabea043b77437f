import { useQuery } from '@tanstack/react-query';
import type { DocContent } from '@sede/shared/documents/schemas';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

export const useVersion = (id: string, versionId: string | null) =>
  useQuery({
    queryKey: documentKeys.version(id, versionId ?? ''),
    queryFn: () => api<{ id: string; title: string; content: DocContent; createdAt: string }>(`/documents/${id}/versions/${versionId}`),
    enabled: !!versionId,
  });
