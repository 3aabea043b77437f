import type { ExtractResult } from '@sede/shared/prospecting/leads';
import { api } from '../../../lib/api-client.ts';

/** POST /api/prospecting/leads/extract: a pasted list or a CSV/XLSX file → the enriched table. */
export const extractLeads = (body: { text?: string; file?: { name: string; base64: string } }) =>
  api<ExtractResult>('/prospecting/leads/extract', { method: 'POST', json: body });
