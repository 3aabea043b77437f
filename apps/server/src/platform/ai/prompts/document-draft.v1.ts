import type { Prompt } from './types.ts';

export type DocumentDraftInput = { empresa: string; modelo: string | null; briefing: string };

/** 'Rascunho de documento com IA' (ai.document_draft): a structured first draft from a short brief. */
export const documentDraftV1: Prompt<DocumentDraftInput> = {
  id: 'document-draft.v1',
  system:
    'Você redige documentos empresariais para pequenas e médias empresas brasileiras, em português do Brasil, ' +
    'com linguagem clara e profissional. Não invente números, nomes ou datas que não estejam no briefing: ' +
    'use marcadores como [valor] ou [data] onde faltar informação. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Empresa: ${d.empresa}`,
      `Tipo de documento: ${d.modelo ?? 'livre'}`,
      'Briefing:',
      d.briefing,
      '',
      'Escreva o rascunho com um título e de 3 a 8 seções; cada seção tem um título, parágrafos e, se fizer sentido, itens em lista.',
    ].join('\n'),
};
