import type { InterviewView } from '@sede/shared/recruiting/schemas';
import { api } from '../../../lib/api-client.ts';

/** A new interview of a candidate; `consent: true` records who confirmed the recorded person's consent, and when. */
export const createInterview = (candidateId: string) => api<InterviewView>('/rh-recruiting/interviews', { method: 'POST', json: { candidateId, consent: true } });
