import type { OpeningCreate, OpeningView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';

export const createOpening = (input: OpeningCreate) => api<OpeningView>('/rh-recruiting/openings', { method: 'POST', json: input });
