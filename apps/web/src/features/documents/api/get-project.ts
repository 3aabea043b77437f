import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

export const useDocumentsProject = (projectId: string) =>
  useQuery({ queryKey: documentKeys.project(projectId), queryFn: () => api<{ id: string; name: string }>(`/documents/projects/${projectId}`), retry: false });
