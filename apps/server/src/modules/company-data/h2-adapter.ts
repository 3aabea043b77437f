import { randomUUID } from 'node:crypto';
import type { ExportProgress } from '../../platform/company-data/archive.ts';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/**
 * TODO(H2): a stand-in for H2's jobs (`defineJob`/`startJob`/`progress` in platform/jobs/):
 * runs the work in this process, in the background, and keeps its progress in memory. The lead
 * swaps it for the real job system at merge (a pg-boss job whose progress is stored and pushed
 * live, surviving a restart). Until then a restart forgets running jobs; a finished export is
 * still found by its file (see service.ts).
 */
export type JobState = {
  id: string;
  companyId: string;
  status: 'running' | 'done' | 'failed';
  progress: ExportProgress;
  error: string | null;
  finishedAt: Date | null;
};

const jobs = (s: Services) => serverState(s, 'company-data.jobs', () => new Map<string, JobState>());

export function startJob(s: Services, companyId: string, work: (jobId: string, progress: (p: ExportProgress) => void) => Promise<void>): string {
  const id = randomUUID();
  const state: JobState = { id, companyId, status: 'running', progress: { stage: 'Na fila', done: 0, total: 1 }, error: null, finishedAt: null };
  jobs(s).set(id, state);
  setImmediate(() => {
    work(id, (p) => {
      state.progress = p;
    }).then(
      () => {
        state.status = 'done';
        state.finishedAt = new Date();
      },
      (e: unknown) => {
        console.error('[company-data] export failed', (e as Error).message);
        state.status = 'failed';
        state.error = 'A exportação falhou. Tente novamente.';
        state.finishedAt = new Date();
      },
    );
  });
  return id;
}

/** A job of this company (another company's job id is not found). */
export function jobOf(s: Services, companyId: string, jobId: string): JobState | null {
  const job = jobs(s).get(jobId);
  return job && job.companyId === companyId ? job : null;
}

/** Jobs of a company still running. */
export const runningJobs = (s: Services, companyId: string) => [...jobs(s).values()].filter((j) => j.companyId === companyId && j.status === 'running');

/** Forgets finished jobs older than `before` (the cleanup schedule). */
export function forgetJobs(s: Services, before: Date) {
  for (const [id, j] of jobs(s)) if (j.finishedAt && j.finishedAt < before) jobs(s).delete(id);
}
