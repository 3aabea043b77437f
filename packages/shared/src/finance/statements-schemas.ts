import { z } from 'zod';
import { BIDI_CONTROLS_MESSAGE, hasBidiControls, safeText } from '../text.ts';

/** Extratos e conciliação (decisions 0175, 0176): requests, responses and pt-BR messages shared by server and web. */

export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
export const STATEMENT_LINES_PAGE = 100;
export const CATEGORY_SUGGESTION_BATCH = 50;

export const STATEMENT_MESSAGES = {
  accountNotFound: 'Conta não encontrada.',
  lineNotFound: 'Linha do extrato não encontrada.',
  tooLarge: 'O extrato pode ter no máximo 20 MB.',
  empty: 'O arquivo está vazio.',
  unknownFormat: 'Formato de extrato não reconhecido: envie um arquivo OFX ou CSV.',
  otherAccount: (stated: string, account: string) => `Este extrato é da conta ${stated}, não da conta “${account}”. Escolha a conta certa ou confira o arquivo.`,
  otherAccounts: (stated: string, account: string) => `Este arquivo traz extratos das contas ${stated}, e nenhum é da conta “${account}”. Escolha a conta certa ou confira o arquivo.`,
  severalAccounts: (stated: string, account: string) =>
    `Este arquivo traz extratos de várias contas (${stated}). Informe o banco e o número da conta “${account}” na aba Cadastros para o Sede importar só o extrato dela.`,
  currency: (name: string, code: string) => `Este extrato está em ${name} (${code}), e as contas do Sede são em reais. Importe o extrato de uma conta em reais.`,
  notPending: 'Esta linha do extrato já foi conciliada ou ignorada.',
  candidateNotFound: 'Lançamento ou pagamento não encontrado para conciliar.',
  candidateMismatch: 'O valor ou o sentido (entrada/saída) não corresponde a esta linha do extrato.',
  candidateTaken: 'Este pagamento já está conciliado com outra linha do extrato.',
  overRemaining: 'O valor do extrato é maior que o saldo em aberto do lançamento.',
  entryNotOpen: 'O lançamento não está em aberto.',
  categoryNotFound: 'Categoria não encontrada.',
  categoryKind: (income: boolean) => (income ? 'Para uma entrada, escolha uma categoria de receita.' : 'Para uma saída, escolha uma categoria de despesa.'),
  notIgnored: 'Só uma linha ignorada pode voltar a pendente.',
  noLines: 'Escolha ao menos uma linha.',
  fileName: 'Nome de arquivo inválido.',
  fileNotFound: 'Arquivo não encontrado.',
  notPdf: 'Envie o boleto ou a nota fiscal em PDF.',
  noText: 'Não foi possível ler texto neste PDF (é uma imagem digitalizada?).',
} as const;

const uuid = (message: string) => z.uuid({ error: message });

export const statementImportQuerySchema = z.object({
  accountId: uuid(STATEMENT_MESSAGES.accountNotFound),
  fileName: safeText({ error: STATEMENT_MESSAGES.fileName })
    .refine((v) => !hasBidiControls(v), { message: BIDI_CONTROLS_MESSAGE, abort: true })
    .trim().min(1, STATEMENT_MESSAGES.fileName).max(255, STATEMENT_MESSAGES.fileName),
});

export const STATEMENT_LINE_STATUSES = ['pending', 'matched', 'created', 'ignored'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];
export const STATEMENT_LINE_STATUS_LABELS: Record<StatementLineStatus, string> = {
  pending: 'Pendente',
  matched: 'Conciliada',
  created: 'Lançamento criado',
  ignored: 'Ignorada',
};

export const statementLinesQuerySchema = z.object({
  accountId: uuid(STATEMENT_MESSAGES.accountNotFound).optional(),
  importId: uuid('Importação não encontrada.').optional(),
  status: z.enum(STATEMENT_LINE_STATUSES, { error: 'Situação inválida.' }).optional(),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}\|[0-9a-f-]{36}$/, 'Cursor inválido.')
    .optional(),
});

export const confirmMatchSchema = z.object({
  type: z.enum(['entry', 'payment'], { error: 'Tipo de conciliação inválido.' }),
  id: uuid(STATEMENT_MESSAGES.candidateNotFound),
});

export const createEntryFromLineSchema = z.object({
  categoryId: uuid(STATEMENT_MESSAGES.categoryNotFound),
  description: safeText()
    .trim()
    .max(200, 'A descrição pode ter no máximo 200 caracteres.')
    .optional()
    .transform((v) => v || undefined),
});

export const lineIdsSchema = z.object({
  lineIds: z.array(uuid(STATEMENT_MESSAGES.lineNotFound)).min(1, STATEMENT_MESSAGES.noLines).max(500, 'Escolha no máximo 500 linhas de uma vez.'),
});

export const suggestCategoriesSchema = z.object({
  lineIds: z.array(uuid(STATEMENT_MESSAGES.lineNotFound)).min(1, STATEMENT_MESSAGES.noLines).max(CATEGORY_SUGGESTION_BATCH, `Escolha no máximo ${CATEGORY_SUGGESTION_BATCH} linhas por sugestão.`),
  requestId: z.string().min(8, 'Identificador da solicitação inválido.').max(100, 'Identificador da solicitação inválido.'),
});

export const readDocumentSchema = z.object({
  fileId: uuid(STATEMENT_MESSAGES.fileNotFound),
  requestId: z.string().min(8, 'Identificador da solicitação inválido.').max(100, 'Identificador da solicitação inválido.'),
});

export const statementCandidateSchema = z.object({
  type: z.enum(['entry', 'payment']),
  id: z.string(),
  entryId: z.string(),
  kind: z.enum(['payable', 'receivable']),
  description: z.string(),
  date: z.string(),
  amountCents: z.number(),
  daysApart: z.number(),
});
export type StatementCandidate = z.infer<typeof statementCandidateSchema>;

export const statementLineSchema = z.object({
  id: z.string(),
  importId: z.string(),
  accountId: z.string(),
  postedDate: z.string(),
  amountCents: z.number(),
  fitId: z.string().nullable(),
  memo: z.string(),
  payee: z.string().nullable(),
  status: z.enum(STATEMENT_LINE_STATUSES),
  matchedEntryId: z.string().nullable(),
  matchedPaymentId: z.string().nullable(),
  matchedDescription: z.string().nullable(),
  suggestedCategoryId: z.string().nullable(),
  suggestion: statementCandidateSchema.nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementLinesPageSchema = z.object({
  lines: z.array(statementLineSchema),
  nextCursor: z.string().nullable(),
  counts: z.record(z.enum(STATEMENT_LINE_STATUSES), z.number()),
});
export type StatementLinesPage = z.infer<typeof statementLinesPageSchema>;

/** The bank's balance stated in the file against Sede's balance of the account on that day (decision 0373). */
export const statementBalanceCheckSchema = z.object({ date: z.string(), bankCents: z.number(), sedeCents: z.number(), differenceCents: z.number() });
export type StatementBalanceCheck = z.infer<typeof statementBalanceCheckSchema>;

export const statementImportResultSchema = z.object({
  importId: z.string(),
  format: z.enum(['ofx', 'csv']),
  totalLines: z.number(),
  importedLines: z.number(),
  duplicateLines: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  balance: statementBalanceCheckSchema.nullable(),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

export const statementImportSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  format: z.enum(['ofx', 'csv']),
  fileName: z.string(),
  totalLines: z.number(),
  importedLines: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  balance: statementBalanceCheckSchema.nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;
export const statementImportListSchema = z.object({ imports: z.array(statementImportSchema) });

export const statementOptionsSchema = z.object({
  accounts: z.array(z.object({ id: z.string(), name: z.string(), bankCode: z.string().nullable(), accountNumber: z.string().nullable() })),
  categories: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(['income', 'expense']), dreGroup: z.string() })),
});
export type StatementOptions = z.infer<typeof statementOptionsSchema>;

/** A reconciliation step done (confirm, ignore, reopen). */
export const statementStepSchema = z.object({ ok: z.boolean() });
export const confirmSuggestedResultSchema = z.object({ confirmed: z.number(), skipped: z.number() });
export const entryFromLineResultSchema = z.object({ entryId: z.string(), paymentId: z.string() });

/** What the AI reads from a boleto or a nota fiscal, for the payable's form. */
export const documentReadingViewSchema = z.object({
  amountCents: z.number().nullable(),
  dueDate: z.string().nullable(),
  supplierCnpj: z.string().nullable(),
  supplierName: z.string().nullable(),
  organizationId: z.string().nullable(),
  barcode: z.string().nullable(),
  documentNumber: z.string().nullable(),
  description: z.string().nullable(),
});
export type DocumentReading = z.infer<typeof documentReadingViewSchema>;
export const readDocumentResultSchema = z.object({ reading: documentReadingViewSchema, charged: z.number(), balance: z.number() });
export const suggestCategoriesResultSchema = z.object({
  suggestions: z.array(z.object({ lineId: z.string(), categoryId: z.string() })),
  charged: z.number(),
  balance: z.number(),
});
export const packageStartedSchema = z.object({ jobId: z.string() });
