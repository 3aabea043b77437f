import type { Prompt } from './types.ts';

export type CompanySummaryInput = {
  razaoSocial: string;
  nomeFantasia: string | null;
  cnpj: string;
  cidade: string | null;
  uf: string | null;
  atividadePrincipal: string | null;
  areas: string[];
};

/** 'Resumo da empresa' (ai.company_summary): a short pt-BR description of the company for the team. */
export const companySummaryV1: Prompt<CompanySummaryInput> = {
  id: 'company-summary.v1',
  system:
    'Você é um consultor de negócios brasileiro. Escreva em português do Brasil, de forma objetiva, ' +
    'sem inventar fatos que não estejam nos dados. Responda apenas com o JSON pedido.',
  user: (c) =>
    [
      'Resuma a empresa abaixo em até 3 frases e sugira até 3 oportunidades de automação.',
      `Razão social: ${c.razaoSocial}`,
      `Nome fantasia: ${c.nomeFantasia ?? '—'}`,
      `CNPJ: ${c.cnpj}`,
      `Local: ${[c.cidade, c.uf].filter(Boolean).join('/') || '—'}`,
      `Atividade principal: ${c.atividadePrincipal ?? '—'}`,
      `Áreas que a empresa quer automatizar: ${c.areas.join(', ') || '—'}`,
    ].join('\n'),
};
