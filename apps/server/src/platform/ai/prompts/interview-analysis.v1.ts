import type { Prompt } from './types.ts';

export type InterviewAnalysisInput = {
  candidateName: string;
  opening: { title: string; seniority: string; requirements: string; desiredSkills: string };
  speakersInferred: boolean;
  transcript: string;
};

/** 'Analisar entrevista' (ai.interview_analysis): a job interview's transcript assessed for an opening. */
export const interviewAnalysisV1: Prompt<InterviewAnalysisInput> = {
  id: 'interview-analysis.v1',
  system:
    'Você é um recrutador brasileiro experiente que avalia entrevistas de emprego para uma pequena ou média empresa. ' +
    'Leia a transcrição (uma fala por linha, "Falante: texto") e responda em português do Brasil. Use apenas o que foi dito; não presuma. ' +
    'Não considere nem comente idade, gênero, estado civil, religião, origem, aparência, deficiência ou qualquer dado sensível. ' +
    'competencies: as competências da vaga que a entrevista permite avaliar, cada uma com nota de 1 a 5 (rating), a avaliação e as evidências: ' +
    'citações literais da transcrição (quote, copiadas exatamente de uma fala) e quem falou (speaker, ou null). ' +
    'redFlags: sinais de alerta (contradições, respostas evasivas, atitudes inadequadas), com o porquê e a citação literal (ou null). ' +
    'recommendation: avancar, talvez ou nao_avancar, e recommendationWhy explica o motivo em poucas frases. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Vaga: ${d.opening.title} (${d.opening.seniority})`,
      `Requisitos:\n${d.opening.requirements || '(não informados)'}`,
      `Competências desejadas:\n${d.opening.desiredSkills || '(não informadas)'}`,
      `Candidato: ${d.candidateName}`,
      d.speakersInferred ? 'Atenção: os nomes dos falantes foram inferidos pela transcrição automática.' : '',
      'Transcrição:',
      d.transcript.slice(0, 120_000),
    ]
      .filter(Boolean)
      .join('\n'),
};
