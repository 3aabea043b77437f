import type { MeetingAnalysisView, RenameSpeakersInput } from '@sede/shared/meetings/schemas';
import { api } from '../../../lib/api-client.ts';

/** Names the speakers of a done analysis ('Falante 1' → 'Ana'): transcript, talk-time and next steps. */
export const renameSpeakers = (analysisId: string, names: RenameSpeakersInput['names']) =>
  api<MeetingAnalysisView>(`/meetings/analyses/${analysisId}/speakers`, { method: 'PUT', json: { names } });
