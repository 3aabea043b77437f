import type { Organization } from '@sede/shared/platform/parties';
import { api } from '../../../lib/api-client.ts';

/** The company's organization with this CNPJ, or a new one filled by the CNPJ lookup (the platform's parties). */
export const lookupOrganization = (cnpj: string) => api<{ organization: Organization; created: boolean }>('/parties/organizations/lookup', { method: 'POST', json: { cnpj } });
