import PgBoss from 'pg-boss';
import { scheduleJob } from './jobs/schedules.ts';

/**
 * pg-boss's own connections: polling and completing every queue (e-mails, notifications and
 * each area's jobs). Handlers do their work on the app's pool (decision 0118).
 */
export const BOSS_POOL_MAX = 6;

/**
 * pg-boss on the same PostgreSQL, in its own schema; recurring jobs by `scheduleJob`, not by pg-boss's
 * timekeeper (decision 0779), whose schedules from before are dropped.
 */
export async function startJobs(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: BOSS_POOL_MAX, supervise: true, schedule: false });
  boss.on('error', (e: Error) => console.error('[jobs]', e.message));
  await boss.start();
  for (const old of await boss.getSchedules()) await boss.unschedule(old.name);
  return boss;
}

/**
 * An area's recurring job: its queue, its schedule (`cron`, in `tz`) and a worker that does the
 * work and logs how many things it handled (`label` names them), when there were any.
 */
export async function scheduleRecurring(boss: PgBoss, job: { queue: string; cron: string; label: string; tz?: string }, work: () => Promise<number>): Promise<void> {
  await boss.createQueue(job.queue);
  scheduleJob(boss, job.queue, job.cron, job.tz ?? 'America/Sao_Paulo');
  await boss.work(job.queue, async () => {
    const n = await work();
    if (n) console.log(job.label, n);
  });
}
