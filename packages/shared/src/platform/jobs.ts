import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A background job as the API returns it (GET /api/jobs/:id). */
export const jobRunViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  stage: z.string().nullable(),
  done: z.number(),
  total: z.number().nullable(),
  message: z.string().nullable(),
  result: z.unknown(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobRunView = z.infer<typeof jobRunViewSchema>;
export const jobRunListSchema = z.object({ jobs: z.array(jobRunViewSchema) });

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Na fila',
  running: 'Em andamento',
  done: 'Concluído',
  failed: 'Falhou',
  canceled: 'Cancelado',
};

export const jobListQuerySchema = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/, 'Tipo de trabalho inválido.').optional(),
});

export const isFinished = (status: JobStatus) => status === 'done' || status === 'failed' || status === 'canceled';
