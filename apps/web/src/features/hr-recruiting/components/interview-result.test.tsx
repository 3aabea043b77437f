import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InterviewAnalysisResult } from '@sede/shared/recruiting/schemas';
import { InterviewResult } from './interview-result.tsx';

const base: InterviewAnalysisResult = {
  summary: 'Boa entrevista.',
  competencies: [
    { name: 'Liderança', rating: 4, assessment: 'Liderou uma equipe.', evidence: [{ quote: 'Liderei uma equipe de quatro pessoas.', speaker: 'Carlos', found: true, at: 65, segmentSpeaker: 'Carlos' }] },
  ],
  redFlags: [{ title: 'Saída recente', why: 'Não explicou.', quote: 'Saí por motivos pessoais', found: false, at: null, segmentSpeaker: null }],
  recommendation: 'talvez',
  recommendationWhy: 'Falta experiência com CRM.',
  transcript: {
    segments: [
      { speaker: 'Ana', start: 1, end: 4, text: 'Bom dia.' },
      { speaker: 'Carlos', start: 65, end: 70, text: 'Liderei uma equipe de quatro pessoas.' },
    ],
    speakersInferred: false,
    text: null,
  },
  source: { format: 'vtt', characters: 60 },
  promptId: 'interview-analysis.v1',
};

describe('InterviewResult', () => {
  it('shows the recommendation, the evidence with speaker and time, the red flag not found literally, the transcript by speaker', () => {
    render(<InterviewResult result={base} />);
    expect(screen.getByText('Talvez')).toBeTruthy();
    expect(screen.getByText('Falta experiência com CRM.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nota 4 de 5' })).toBeTruthy();
    expect(screen.getByText('Carlos · em 1:05')).toBeTruthy();
    expect(screen.getByText(/trecho não localizado literalmente/)).toBeTruthy();
    const lines = screen.getByRole('list', { name: 'Falas da entrevista' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana0:01Bom dia.', 'Carlos1:05Liderei uma equipe de quatro pessoas.']);
    expect(screen.queryByTestId('speakers-inferred')).toBeNull();
  });

  it('says so when the speakers were inferred from a recording', () => {
    render(<InterviewResult result={{ ...base, transcript: { ...base.transcript, speakersInferred: true } }} />);
    expect(screen.getByTestId('speakers-inferred').textContent).toMatch(/identificados automaticamente/);
  });

  it('a transcript without speakers is shown as its text', () => {
    render(<InterviewResult result={{ ...base, transcript: { segments: [], speakersInferred: false, text: 'Texto corrido da entrevista.' } }} />);
    expect(screen.getByText('Texto corrido da entrevista.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Falas da entrevista' })).toBeNull();
  });
});
