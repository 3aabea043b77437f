import { queryOptions } from '@tanstack/react-query';
import type { CustomField, CustomFieldEntity, CustomFieldType } from '@sede/shared/crm/deals';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './keys.ts';

export const customFieldsQueryOptions = () =>
  queryOptions({ queryKey: crmKeys.customFields, queryFn: async () => (await api<{ fields: CustomField[] }>('/crm/custom-fields')).fields, staleTime: 60_000 });

export const createCustomField = (input: { entity: CustomFieldEntity; label: string; type: CustomFieldType; options: string[]; required: boolean }) =>
  api<CustomField>('/crm/custom-fields', { method: 'POST', json: input });
export const deleteCustomField = (id: string) => api<{ success: true }>(`/crm/custom-fields/${id}`, { method: 'DELETE' });
