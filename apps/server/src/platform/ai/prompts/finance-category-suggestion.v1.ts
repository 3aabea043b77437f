import type { Prompt } from './types.ts';

export type FinanceCategorySuggestionInput = {
  categories: { id: string; name: string; kind: 'income' | 'expense'; group: string }[];
  lines: { id: string; memo: string; direction: 'entrada' | 'saída'; amount: string; history: { memo: string; category: string }[] }[];
};

/** 'Sugerir categoria' (ai.category_suggestion): a category for each imported statement line, from the company's own history. */
export const financeCategorySuggestionV1: Prompt<FinanceCategorySuggestionInput> = {
  id: 'finance-category-suggestion.v1',
  system:
    'Você é um assistente financeiro de uma pequena empresa brasileira. Para cada linha de extrato bancário, escolha ' +
    'a categoria do plano de contas da própria empresa que melhor a descreve. Entradas só recebem categorias de receita ' +
    '(income) e saídas só de despesa (expense). Dê mais peso ao histórico da empresa (lançamentos parecidos já ' +
    'categorizados). Use apenas ids da lista; se nenhuma servir, responda categoryId null. Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      'Categorias da empresa (id | nome | tipo | grupo do DRE):',
      ...d.categories.map((c) => `${c.id} | ${c.name} | ${c.kind} | ${c.group}`),
      '',
      'Linhas do extrato:',
      ...d.lines.map((l) =>
        [
          `- id ${l.id}: "${l.memo}" (${l.direction} de ${l.amount})`,
          ...l.history.map((h) => `    histórico: "${h.memo}" → ${h.category}`),
        ].join('\n'),
      ),
    ].join('\n'),
};
