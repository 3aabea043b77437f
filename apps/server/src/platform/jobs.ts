import PgBoss from 'pg-boss';

/**
 * pg-boss's own connections: polling and completing every queue (e-mails, notifications and
 * each area's jobs). Handlers do their work on the app's pool (decision 0118).
 */
export const BOSS_POOL_MAX = 6;

/** pg-boss on the same PostgreSQL, in its own schema. */
export async function startJobs(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: BOSS_POOL_MAX, supervise: true, schedule: true });
  boss.on('error', (e: Error) => console.error('[jobs]', e.message));
  await boss.start();
  return boss;
}
