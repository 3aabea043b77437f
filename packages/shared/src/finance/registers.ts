import { z } from 'zod';
import { patchBody, patchOf } from '../patch.ts';
import { safeText } from '../text.ts';
import { DRE_GROUP_KEYS, type DreGroup } from './dre.ts';
import { isSaneDate, MAX_AMOUNT_CENTS } from './money.ts';

/** Financeiro's registers (cadastros): accounts, categories, cost centres (decision 0170). */

export const ACCOUNT_KINDS = ['checking', 'savings', 'cash', 'card', 'investment'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  checking: 'Conta corrente',
  savings: 'Poupança',
  cash: 'Caixa (dinheiro)',
  card: 'Cartão',
  investment: 'Investimento',
};

export const FINANCE_MESSAGES = {
  name: 'Informe o nome.',
  nameTooLong: 'O nome pode ter no máximo 120 caracteres.',
  accountKind: 'Tipo de conta inválido.',
  bankCode: 'O código do banco tem 3 dígitos.',
  openingBalance: 'Saldo inicial inválido.',
  date: 'Data inválida: use uma data entre 2000 e 2099.',
  categoryKind: 'Tipo de categoria inválido: receita ou despesa.',
  dreGroup: 'Grupo do DRE inválido.',
  id: 'Identificador inválido.',
  accountNotFound: 'Conta não encontrada.',
  accountArchived: 'Esta conta está arquivada: reative-a em Cadastros ou escolha outra.',
  categoryNotFound: 'Categoria não encontrada.',
  costCenterNotFound: 'Centro de custo não encontrado.',
  parentCycle: 'Uma categoria não pode ficar dentro dela mesma.',
  parentKind: 'A categoria-mãe precisa ser do mesmo tipo (receita ou despesa).',
} as const;

export const idSchema = z.uuid({ error: FINANCE_MESSAGES.id });
export const saneDate = (message: string = FINANCE_MESSAGES.date) => z.string({ error: message }).refine(isSaneDate, { message });
const name = safeText({ error: FINANCE_MESSAGES.name })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, FINANCE_MESSAGES.name).max(120, FINANCE_MESSAGES.nameTooLong));
const optionalText = (max: number) =>
  safeText()
    .max(max, `Máximo de ${max} caracteres.`)
    .nullish()
    .transform((v) => v?.trim() || null);

export const accountCreateSchema = z.object({
  name,
  kind: z.enum(ACCOUNT_KINDS, { error: FINANCE_MESSAGES.accountKind }).default('checking'),
  bankCode: safeText()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || /^\d{3}$/.test(v), { message: FINANCE_MESSAGES.bankCode }),
  agency: optionalText(20),
  accountNumber: optionalText(30),
  openingBalanceCents: z
    .number({ error: FINANCE_MESSAGES.openingBalance })
    .int(FINANCE_MESSAGES.openingBalance)
    .min(-MAX_AMOUNT_CENTS, FINANCE_MESSAGES.openingBalance)
    .max(MAX_AMOUNT_CENTS, FINANCE_MESSAGES.openingBalance)
    .default(0),
  openingDate: saneDate(),
});
export const accountUpdateSchema = patchOf(accountCreateSchema.extend({ archived: z.boolean().optional() }));

export const CATEGORY_KINDS = ['income', 'expense'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

export const categoryCreateSchema = z.object({
  name,
  kind: z.enum(CATEGORY_KINDS, { error: FINANCE_MESSAGES.categoryKind }),
  dreGroup: z.enum(DRE_GROUP_KEYS, { error: FINANCE_MESSAGES.dreGroup }),
  parentId: idSchema.nullish(),
});
export const categoryUpdateSchema = patchBody(z.object({
  name: name.optional(),
  dreGroup: z.enum(DRE_GROUP_KEYS, { error: FINANCE_MESSAGES.dreGroup }).optional(),
  parentId: idSchema.nullish(),
  position: z.number().int().min(0).max(100_000).optional(),
  archived: z.boolean().optional(),
}));

export const costCenterCreateSchema = z.object({ name });
export const costCenterUpdateSchema = patchBody(z.object({ name: name.optional(), archived: z.boolean().optional() }));

export const finAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  bankCode: z.string().nullable(),
  agency: z.string().nullable(),
  accountNumber: z.string().nullable(),
  openingBalanceCents: z.number(),
  openingDate: z.string(),
  /** opening + payments in − payments out (with interest, fine and discount). */
  balanceCents: z.number(),
  archived: z.boolean(),
});
export type FinAccount = z.infer<typeof finAccountSchema>;
export const finCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  dreGroup: z.enum(DRE_GROUP_KEYS),
  parentId: z.string().nullable(),
  position: z.number(),
  archived: z.boolean(),
});
export type FinCategory = z.infer<typeof finCategorySchema>;
export const finCostCenterSchema = z.object({ id: z.string(), name: z.string(), archived: z.boolean() });
export type FinCostCenter = z.infer<typeof finCostCenterSchema>;
export const finRegistersSchema = z.object({ accounts: z.array(finAccountSchema), categories: z.array(finCategorySchema), costCenters: z.array(finCostCenterSchema) });
export type FinRegisters = z.infer<typeof finRegistersSchema>;
export const finAccountListSchema = z.object({ accounts: z.array(finAccountSchema) });

/**
 * The default chart of categories for a Brazilian small company (decision 0170), created the first
 * time the area opens. Top-level groups with their children; each carries its DRE line.
 */
export const DEFAULT_CHART: ReadonlyArray<{ name: string; kind: CategoryKind; dreGroup: DreGroup; children: string[] }> = [
  { name: 'Receitas de vendas e serviços', kind: 'income', dreGroup: 'receita_bruta', children: ['Venda de produtos', 'Prestação de serviços', 'Outras receitas operacionais'] },
  { name: 'Receitas financeiras', kind: 'income', dreGroup: 'receitas_financeiras', children: ['Rendimentos de aplicações', 'Juros recebidos', 'Descontos obtidos'] },
  { name: 'Outras receitas', kind: 'income', dreGroup: 'outras_receitas', children: ['Venda de ativo imobilizado', 'Reembolsos', 'Aporte de sócios'] },
  { name: 'Deduções da receita', kind: 'expense', dreGroup: 'deducoes', children: ['Simples Nacional (DAS)', 'ISS', 'ICMS', 'PIS', 'COFINS', 'Devoluções e cancelamentos'] },
  { name: 'Custos', kind: 'expense', dreGroup: 'custos', children: ['Compra de mercadorias', 'Matéria-prima', 'Serviços de terceiros', 'Fretes e entregas'] },
  {
    name: 'Despesas operacionais',
    kind: 'expense',
    dreGroup: 'despesas_operacionais',
    children: ['Aluguel e condomínio', 'Folha de pagamento', 'Encargos (INSS, FGTS)', 'Pró-labore', 'Benefícios', 'Energia, água e internet', 'Telefone', 'Marketing e publicidade', 'Software e assinaturas', 'Contabilidade', 'Material de escritório', 'Manutenção', 'Viagens e deslocamentos', 'Taxas e licenças'],
  },
  { name: 'Despesas financeiras', kind: 'expense', dreGroup: 'despesas_financeiras', children: ['Tarifas bancárias', 'Juros e multas pagos', 'Taxas de cartão e maquininha', 'IOF'] },
  { name: 'Outras despesas', kind: 'expense', dreGroup: 'outras_despesas', children: ['Perdas e baixas', 'Doações'] },
  { name: 'Impostos sobre o lucro', kind: 'expense', dreGroup: 'impostos_sobre_lucro', children: ['IRPJ', 'CSLL'] },
  { name: 'Investimentos e retiradas', kind: 'expense', dreGroup: 'investimentos', children: ['Máquinas e equipamentos', 'Móveis e computadores', 'Distribuição de lucros', 'Empréstimos pagos (principal)'] },
];
