import { z } from 'zod';

/**
 * The upkeep of the Receita Federal open data as /admin shows it (decisions 0415, 0416): the
 * installation-wide refresh's state, and who may start one. Nothing here belongs to a company.
 */

export const REFRESH_TRIGGERS = ['schedule', 'manual', 'cli'] as const;
export type RefreshTrigger = (typeof REFRESH_TRIGGERS)[number];

export const REFRESH_TRIGGER_LABELS: Record<RefreshTrigger, string> = {
  schedule: 'verificação diária',
  manual: 'iniciada no painel',
  cli: 'linha de comando',
};

/** How a finished run ended. */
const refreshRunStatusSchema = z.enum(['imported', 'up_to_date', 'failed']);
export type RefreshRunStatus = z.infer<typeof refreshRunStatusSchema>;

const refreshRunSchema = z.object({
  trigger: z.enum(REFRESH_TRIGGERS),
  status: z.union([refreshRunStatusSchema, z.literal('running')]),
  /** The month (`YYYY-MM`) or the base the run read, when known. */
  month: z.string().nullable(),
  stage: z.string().nullable(),
  done: z.number().nullable(),
  total: z.number().nullable(),
  /** pt-BR: the failure's reason, or what the run did. */
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RefreshRun = z.infer<typeof refreshRunSchema>;

/** GET /api/prospecting/refresh (admins of any company and the platform's operators). */
export const receitaRefreshStatusSchema = z.object({
  /** RECEITA_DATA_URL is set: the daily check runs and 'Atualizar agora' can start one. */
  configured: z.boolean(),
  /** The data in use: the month of the latest import (null for a base without a month), when, how many establishments. */
  loaded: z.object({ month: z.string().nullable(), source: z.string(), importedAt: z.string(), establishments: z.number() }).nullable(),
  /** A run under way now (any trigger, on any instance; the CLI too). */
  running: refreshRunSchema.nullable(),
  /** The latest finished run (a check that found nothing new counts). */
  lastCheck: refreshRunSchema.nullable(),
  /** The daily check's next time (null when not configured). */
  nextRunAt: z.string().nullable(),
  /** The caller may start a refresh (a platform operator, and the refresh is configured). */
  canStart: z.boolean(),
  /** A refresh job of the caller's company queued or running (followed live with its id). */
  jobId: z.string().nullable(),
});
export type ReceitaRefreshStatus = z.infer<typeof receitaRefreshStatusSchema>;

export const REFRESH_JOB = 'prospecting.receita-refresh';

export const REFRESH_MESSAGES = {
  notConfigured: 'A atualização automática da base não está configurada neste servidor (variável RECEITA_DATA_URL).',
  operatorsOnly: 'Somente os operadores da plataforma podem iniciar a atualização da base de CNPJs.',
  running: 'Uma atualização da base de CNPJs já está em andamento; acompanhe-a nesta página.',
  busy: 'Outra importação da base de CNPJs estava em andamento; acompanhe-a nesta página.',
  interrupted: 'Interrompida: o servidor parou durante a atualização. Os dados anteriores continuam em uso.',
  unexpected: 'A atualização falhou por um erro inesperado (detalhes no log do servidor). Os dados anteriores continuam em uso.',
  upToDate: 'Nada novo: a base já está no mês mais recente publicado.',
} as const;

/** The `YYYY-MM` a source names (`…/2026-10/`, `/dados/2026-10`), or null. */
export function monthOfSource(source: string): string | null {
  const m = /(?:^|[\\/])((?:19|20)\d{2}-(?:0[1-9]|1[0-2]))[\\/]?$/.exec(source);
  return m ? m[1]! : null;
}

/** POST /api/prospecting/refresh: the job that follows the refresh. */
export const refreshStartedSchema = z.object({ jobId: z.string() });
