import { useQuery } from '@tanstack/react-query';
import type { FieldInput, FieldView } from '@sede/shared/esign/fields';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import type { TemplateBlankInput, TemplateCreateInput, TemplateSummary, TemplateUpdateInput, TemplateUseInput, TemplateView } from '@sede/shared/esign/templates';
import { uploadFile } from '../../../components/files/files-api.ts';
import { api } from '../../../lib/api-client.ts';
import { esignKeys } from './keys.ts';

/** Envelope templates (decision 0620): the list, one, and what is done with them. */
const base = '/assinaturas/templates';

export const useTemplates = () => useQuery({ queryKey: esignKeys.templates, queryFn: () => api<{ templates: TemplateSummary[] }>(base) });
export const useTemplate = (id: string) => useQuery({ queryKey: esignKeys.template(id), queryFn: () => api<TemplateView>(`${base}/${id}`) });

export const saveAsTemplate = (input: TemplateCreateInput) => api<TemplateView>(base, { method: 'POST', json: input });
export const createBlankTemplate = (input: TemplateBlankInput) => api<TemplateView>(`${base}/blank`, { method: 'POST', json: input });
export const saveTemplateFields = (id: string, fields: FieldInput[]) => api<{ fields: FieldView[] }>(`${base}/${id}/fields`, { method: 'PUT', json: { fields } });
export const envelopeFromTemplate = (id: string, input: TemplateUseInput) => api<EnvelopeView>(`${base}/${id}/envelopes`, { method: 'POST', json: input });
export const deleteTemplate = (id: string) => api<{ archived: true }>(`${base}/${id}`, { method: 'DELETE' });

/** The PDF goes up through the platform's files, then becomes the template's document (one we cannot sign is refused and removed). */
export async function attachTemplateDocument(id: string, file: File, onProgress?: (fraction: number) => void) {
  const uploaded = await uploadFile({ entityType: 'signature_template', entityId: id, kind: 'document', file, onProgress });
  return api<TemplateView>(`${base}/${id}/document`, { method: 'POST', json: { fileId: uploaded.id } });
}
export const updateTemplate = (id: string, input: TemplateUpdateInput) => api<TemplateView>(`${base}/${id}`, { method: 'PATCH', json: input });
