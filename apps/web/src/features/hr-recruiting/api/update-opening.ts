import type { OpeningUpdate, OpeningView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateOpening = (id: string, input: OpeningUpdate) => api<OpeningView>(`/rh-recruiting/openings/${id}`, { method: 'PATCH', json: input });
