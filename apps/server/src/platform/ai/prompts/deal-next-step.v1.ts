import { dealTimelineText, type DealTimelineInput } from './deal-timeline.ts';
import type { Prompt } from './types.ts';

/** 'Próximo passo' (ai.next_step): the one action the salesperson should take next. */
export const dealNextStepV1: Prompt<DealTimelineInput> = {
  id: 'deal-next-step.v1',
  system:
    'Você é um gestor comercial experiente no mercado brasileiro. Escreva em português do Brasil, ' +
    'baseado apenas nos dados do negócio. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      'Sugira o próximo passo mais eficaz para avançar o negócio abaixo: "acao" (uma frase no imperativo), ' +
        '"justificativa" (até 2 frases), "prazoSugeridoDias" (em quantos dias úteis fazer, 0 a 30) e "canal" ' +
        '(ligacao, reuniao, email, whatsapp, visita ou outro).',
      dealTimelineText(d),
    ].join('\n\n'),
};
