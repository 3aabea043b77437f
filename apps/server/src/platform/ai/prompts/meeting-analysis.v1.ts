import type { Prompt } from './types.ts';

export type MeetingAnalysisInput = {
  fileName: string;
  meetingTitle: string;
  dealTitle: string;
  /** The company's members, to name the owners of next steps. */
  members: string[];
  /** True when the transcript came from a recording: speakers must be inferred (speakerTurns). */
  speakersInferred: boolean;
  /** One numbered line per segment: "[n] (mm:ss) Falante: texto". */
  transcript: string;
  today: string;
};

/** 'Analisar reunião' (ai.meeting_analysis): a sales meeting's transcript read into a structured review with BANT. */
export const meetingAnalysisV1: Prompt<MeetingAnalysisInput> = {
  id: 'meeting-analysis.v1',
  system:
    'Você é um coordenador de vendas B2B brasileiro que revisa reuniões de venda da equipe de uma pequena ou média empresa. ' +
    'Leia a transcrição numerada e responda em português do Brasil, de forma objetiva. Use apenas o que foi dito; ' +
    'quando algo não aparece, use null ou uma lista vazia. ' +
    'participants: quem participou, com o papel (cargo) quando dito e o lado (vendedor = nossa equipe, cliente, outro). ' +
    'speakerTurns: só quando a transcrição não traz os nomes dos falantes, indique a partir de qual segmento [n] cada pessoa passa a falar ' +
    '(fromSegment, speaker com o nome ou "Falante 1", "Falante 2"…); com nomes na transcrição, responda uma lista vazia. ' +
    'needs e pains: necessidades e dores do cliente, com uma citação literal curta (quote). ' +
    'objections: cada objeção do cliente, como foi respondida (response), se foi bem tratada (bem, parcial, nao) e a citação. ' +
    'nextSteps: os próximos passos combinados, com o responsável (owner: de preferência o nome de um membro da lista) e a data (AAAA-MM-DD; hoje é a data informada). ' +
    'qualification: método BANT, cada critério de 0 a 25 (budget = orçamento, authority = quem decide, need = necessidade, timeline = prazo) com a evidência. ' +
    'sentiment: o clima geral do cliente (positivo, neutro, negativo) e por quê. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Arquivo: ${d.fileName}`,
      `Reunião: ${d.meetingTitle}`,
      `Negócio no CRM: ${d.dealTitle}`,
      `Hoje: ${d.today}`,
      `Membros da equipe: ${d.members.join(', ') || '(nenhum)'}`,
      d.speakersInferred ? 'A transcrição veio de uma gravação e não identifica os falantes: preencha speakerTurns.' : 'A transcrição identifica os falantes.',
      'Transcrição:',
      d.transcript.slice(0, 120_000),
    ].join('\n'),
};
