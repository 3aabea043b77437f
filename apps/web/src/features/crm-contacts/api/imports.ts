import { queryOptions } from '@tanstack/react-query';
import type { CrmImport, ImportPreview, ImportStart } from '@sede/shared/crm/contacts';
import { api } from '../../../lib/api-client.ts';
import { crmContactKeys } from './keys.ts';

/** The import's requests (decision 0156): create, analyze the uploaded file, start, read. */
export const createImport = () => api<CrmImport>('/crm-contacts/imports', { method: 'POST', json: {} });
export const analyzeImport = (id: string, fileId: string) => api<ImportPreview & { import: CrmImport }>(`/crm-contacts/imports/${id}/analyze`, { method: 'POST', json: { fileId } });
export const startImport = (id: string, body: ImportStart) => api<CrmImport>(`/crm-contacts/imports/${id}/start`, { method: 'POST', json: body });
export const importErrorsUrl = (id: string) => `/api/crm-contacts/imports/${id}/errors`;

export const importsQueryOptions = () =>
  queryOptions({ queryKey: crmContactKeys.imports, queryFn: async () => (await api<{ items: CrmImport[] }>('/crm-contacts/imports')).items });
export const importQueryOptions = (id: string) => queryOptions({ queryKey: crmContactKeys.import(id), queryFn: () => api<CrmImport>(`/crm-contacts/imports/${id}`) });
