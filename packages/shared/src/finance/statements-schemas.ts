import { z } from 'zod';
import { BIDI_CONTROLS_MESSAGE, hasBidiControls, safeText } from '../text.ts';

/** Extratos e conciliação (issue 16): requests, responses and pt-BR messages shared by server and web. */

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

export type StatementCandidate = {
  type: 'entry' | 'payment';
  id: string;
  entryId: string;
  kind: 'payable' | 'receivable';
  description: string;
  date: string;
  amountCents: number;
  daysApart: number;
};

export type StatementLine = {
  id: string;
  importId: string;
  accountId: string;
  postedDate: string;
  amountCents: number;
  fitId: string | null;
  memo: string;
  payee: string | null;
  status: StatementLineStatus;
  matchedEntryId: string | null;
  matchedPaymentId: string | null;
  matchedDescription: string | null;
  suggestedCategoryId: string | null;
  suggestion: StatementCandidate | null;
};

export type StatementLinesPage = { lines: StatementLine[]; nextCursor: string | null; counts: Record<StatementLineStatus, number> };

/** The bank's balance stated in the file against Sede's balance of the account on that day (decision 0373). */
export type StatementBalanceCheck = { date: string; bankCents: number; sedeCents: number; differenceCents: number };

export type StatementImportResult = {
  importId: string;
  format: 'ofx' | 'csv';
  totalLines: number;
  importedLines: number;
  duplicateLines: number;
  startDate: string | null;
  endDate: string | null;
  balance: StatementBalanceCheck | null;
};

export type StatementImport = {
  id: string;
  accountId: string;
  format: 'ofx' | 'csv';
  fileName: string;
  totalLines: number;
  importedLines: number;
  startDate: string | null;
  endDate: string | null;
  balance: StatementBalanceCheck | null;
  createdByName: string | null;
  createdAt: string;
};

export type StatementOptions = {
  accounts: { id: string; name: string; bankCode: string | null; accountNumber: string | null }[];
  categories: { id: string; name: string; kind: 'income' | 'expense'; dreGroup: string }[];
};

/** What the AI reads from a boleto or a nota fiscal, for the payable's form. */
export type DocumentReading = {
  amountCents: number | null;
  dueDate: string | null;
  supplierCnpj: string | null;
  supplierName: string | null;
  organizationId: string | null;
  barcode: string | null;
  documentNumber: string | null;
  description: string | null;
};
