import { dealTimelineText, type DealTimelineInput } from './deal-timeline.ts';
import type { Prompt } from './types.ts';

/** 'Pontuação do lead' (ai.lead_score): 0–100 with its reasons. */
export const dealLeadScoreV1: Prompt<DealTimelineInput> = {
  id: 'deal-lead-score.v1',
  system:
    'Você é um analista de vendas B2B no Brasil. Avalie com critério e sem otimismo exagerado, usando apenas os dados. ' +
    'Escreva em português do Brasil. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      'Dê ao negócio abaixo uma "pontuacao" de 0 a 100 (chance de fechar, considerando engajamento, etapa, ' +
        'tempo parado, valor e atividades), a "classificacao" (frio abaixo de 40, morno de 40 a 69, quente de 70 em diante) ' +
        'e de 2 a 5 "motivos", cada um com "fator", "impacto" (positivo ou negativo) e "explicacao" curta.',
      dealTimelineText(d),
    ].join('\n\n'),
};
