import type { RevealResult } from '@sede/shared/prospecting/leads';
import { api } from '../../../lib/api-client.ts';

/** POST /api/prospecting/leads/reveal (paid per lead not yet revealed). */
export const revealLeads = (cnpjs: string[]) => api<RevealResult>('/prospecting/leads/reveal', { method: 'POST', json: { cnpjs } });
