import type { Prompt } from './types.ts';

export type CreativeCopyInput = {
  cliente: string;
  canal: string;
  formato: string;
  titulo: string;
  briefing: string;
  /** The client's brand kit as lines ('Tom de voz: …', 'Público: …'); empty when none. */
  marca: string[];
  textoAtual: string | null;
};

/** 'Texto de criativo com IA' (ai.creative_copy): captions, hashtags and ad variants from a brief and the client's brand kit. */
export const creativeCopyV1: Prompt<CreativeCopyInput> = {
  id: 'creative-copy.v1',
  system:
    'Você é redator publicitário de uma agência de marketing brasileira e escreve em português do Brasil. ' +
    'Siga o tom de voz e o público da marca quando informados, respeite o canal (limites e costumes de cada rede) ' +
    'e não invente preços, datas, endereços ou promessas que não estejam no briefing. Hashtags sem o símbolo #, ' +
    'sem espaços. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Cliente: ${d.cliente}`,
      `Canal: ${d.canal} · Formato: ${d.formato}`,
      `Peça: ${d.titulo}`,
      ...(d.marca.length ? ['Kit de marca:', ...d.marca.map((l) => `- ${l}`)] : ['Kit de marca: não informado']),
      'Briefing:',
      d.briefing,
      ...(d.textoAtual ? ['', 'Texto atual da peça (pode melhorar):', d.textoAtual] : []),
      '',
      'Escreva de 2 a 3 legendas alternativas (captions), até 15 hashtags relevantes (hashtags) e de 1 a 3 variações de anúncio com título e texto (adVariants).',
    ].join('\n'),
};
