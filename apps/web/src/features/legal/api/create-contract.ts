import type { ContractCreate, ContractView } from '@sede/shared/legal/schemas';
import { api } from '../../../lib/api-client.ts';

export const createContract = (input: ContractCreate) => api<ContractView>('/juridico/contracts', { method: 'POST', json: input });
