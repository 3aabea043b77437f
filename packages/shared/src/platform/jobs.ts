import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A background job as the API returns it (GET /api/jobs/:id). */
export type JobRunView = {
  id: string;
  kind: string;
  status: JobStatus;
  stage: string | null;
  done: number;
  total: number | null;
  message: string | null;
  result: unknown;
  error: string | null;
  createdAt: string;
  updatedAt: string;
};

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Na fila',
  running: 'Em andamento',
  done: 'Concluído',
  failed: 'Falhou',
  canceled: 'Cancelado',
};

export const jobIdSchema = z.uuid({ error: 'Trabalho não encontrado.' });
export const jobListQuerySchema = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'Tipo de trabalho inválido.').optional(),
});

export const isFinished = (status: JobStatus) => status === 'done' || status === 'failed' || status === 'canceled';
