import PgBoss from 'pg-boss';

/** pg-boss on the same PostgreSQL, in its own schema. */
export async function startJobs(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 3, supervise: true, schedule: true });
  boss.on('error', (e: Error) => console.error('[jobs]', e.message));
  await boss.start();
  return boss;
}
