import { z } from 'zod';
import { safeText } from '../text.ts';

/** The company's own data: export and account closure (decisions 0135, 0136). */

/** Days an export's ZIP is kept before the schedule deletes it. */
export const EXPORT_TTL_DAYS = 7;
/** Days between an account closure request and the erasure of everything (cancelable until then). */
export const CLOSURE_GRACE_DAYS = 30;

const exportStatusSchema = z.enum(['running', 'done', 'failed']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** POST /api/company-data/exports */
export const exportStartedSchema = z.object({ jobId: z.string() });

/** GET /api/company-data/exports/:jobId */
export const companyExportJobSchema = z.object({
  jobId: z.string(),
  status: exportStatusSchema,
  stage: z.string(),
  done: z.number(),
  total: z.number(),
  /** 0–100. */
  percent: z.number(),
  message: z.string().nullable(),
  /** Set when done: the ZIP's size in bytes and until when it can be downloaded. */
  size: z.number().nullable(),
  expiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type CompanyExportJob = z.infer<typeof companyExportJobSchema>;

/** GET/POST/DELETE /api/company-data/closure */
export const companyClosureSchema = z.object({
  closureRequestedAt: z.string().nullable(),
  /** When everything is erased (ISO); null when no closure is requested. */
  eraseAfter: z.string().nullable(),
});
export type CompanyClosure = z.infer<typeof companyClosureSchema>;

export const EXPORT_NOT_FOUND = 'Exportação não encontrada.';
export const CLOSURE_CONFIRMATION_MISMATCH = 'Digite o nome da empresa exatamente como aparece no perfil para confirmar o encerramento.';
export const CLOSURE_ALREADY_REQUESTED = 'O encerramento da conta já foi solicitado.';
export const CLOSURE_NOT_REQUESTED = 'Não há encerramento de conta solicitado.';
export const EXPORT_NOT_READY = 'A exportação ainda não terminou.';
export const EXPORT_GONE = 'Esta exportação não está mais disponível. Gere uma nova.';
export const EXPORT_RUNNING = 'Já há uma exportação em andamento.';

/** POST /api/company-data/closure: the admin types the company's name (razão social) to confirm. */
export const closureRequestSchema = z.object({
  confirmation: safeText({ error: 'Digite o nome da empresa para confirmar.' }).max(300, 'Nome: no máximo 300 caracteres.'),
});

/** The comparison of the typed name: spaces collapsed, case and accents ignored. */
export const normalizeCompanyName = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('pt-BR');
