import type { ContractUpdate, ContractView } from '@sede/shared/legal/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateContract = (id: string, input: ContractUpdate) => api<ContractView>(`/juridico/contracts/${id}`, { method: 'PATCH', json: input });
