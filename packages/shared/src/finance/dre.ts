/**
 * The lines of the DRE gerencial (decision 0177), in the order the statement prints them. Every
 * category sums into one of them (`fin_categories.dre_group`); the subtotals are computed.
 */
export const DRE_GROUPS = [
  { key: 'receita_bruta', label: 'Receita bruta', kind: 'income' },
  { key: 'deducoes', label: 'Deduções da receita (impostos sobre vendas, devoluções)', kind: 'expense' },
  { key: 'custos', label: 'Custos (CMV / CSP)', kind: 'expense' },
  { key: 'despesas_operacionais', label: 'Despesas operacionais', kind: 'expense' },
  { key: 'receitas_financeiras', label: 'Receitas financeiras', kind: 'income' },
  { key: 'despesas_financeiras', label: 'Despesas financeiras', kind: 'expense' },
  { key: 'outras_receitas', label: 'Outras receitas', kind: 'income' },
  { key: 'outras_despesas', label: 'Outras despesas', kind: 'expense' },
  { key: 'impostos_sobre_lucro', label: 'IRPJ e CSLL', kind: 'expense' },
  { key: 'investimentos', label: 'Investimentos e retiradas (fora do resultado)', kind: 'expense' },
] as const;

export type DreGroup = (typeof DRE_GROUPS)[number]['key'];
export const DRE_GROUP_KEYS = DRE_GROUPS.map((g) => g.key) as [DreGroup, ...DreGroup[]];

/**
 * The subtotals, in order: receita líquida = bruta − deduções; lucro bruto = líquida − custos;
 * resultado operacional = lucro bruto − despesas operacionais; resultado antes do IR =
 * operacional + financeiras + outras; lucro líquido = antes do IR − IRPJ/CSLL. Investimentos
 * are shown below the result: cash that left, not an expense of the period.
 */
export const DRE_SUBTOTALS = [
  { key: 'receita_liquida', label: 'Receita líquida', after: 'deducoes' },
  { key: 'lucro_bruto', label: 'Lucro bruto', after: 'custos' },
  { key: 'resultado_operacional', label: 'Resultado operacional', after: 'despesas_operacionais' },
  { key: 'resultado_antes_ir', label: 'Resultado antes do IR e CSLL', after: 'outras_despesas' },
  { key: 'lucro_liquido', label: 'Lucro líquido', after: 'impostos_sobre_lucro' },
] as const satisfies ReadonlyArray<{ key: string; label: string; after: DreGroup }>;
