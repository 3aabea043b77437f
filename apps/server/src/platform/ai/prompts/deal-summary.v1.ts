import { dealTimelineText, type DealTimelineInput } from './deal-timeline.ts';
import type { Prompt } from './types.ts';

/** 'Resumo do negócio' (ai.deal_summary): what happened in a deal, its key points and risks. */
export const dealSummaryV1: Prompt<DealTimelineInput> = {
  id: 'deal-summary.v1',
  system:
    'Você é um assistente de vendas de uma empresa brasileira. Escreva em português do Brasil, de forma objetiva, ' +
    'usando apenas os fatos dos dados; não invente nomes, valores ou datas. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      'Resuma o negócio abaixo para um vendedor que vai assumi-lo: "resumo" em até 4 frases, ' +
        'até 5 "pontosChave" (fatos importantes) e até 3 "riscos" (o que pode fazer o negócio ser perdido).',
      dealTimelineText(d),
    ].join('\n\n'),
};
