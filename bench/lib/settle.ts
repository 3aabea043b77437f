/**
 * Before each plug-in, what the earlier ones left behind is finished (decision 0777): their writes
 * checkpointed, no autovacuum worker at work on their tables, and no job of theirs due or running.
 * The plug-ins share one server and one database; a row measured while PostgreSQL vacuumed the
 * 100,000 entries of the plug-in before measured that plug-in's leftovers in its tail (a Pix
 * webhook's p99 at 88.7 ms after marketing's thumbnails, 18–19 ms run alone). At most `maxMs`:
 * what is still at work then is named in the row.
 */
export async function settle(sql: <T>(query: string, params?: unknown[]) => Promise<T[]>, maxMs = 30_000): Promise<{ ms: number; busy: string | null }> {
  const started = Date.now();
  await sql('CHECKPOINT');
  let busy: string | null = null;
  while (Date.now() - started < maxMs) {
    const [state] = await sql<{ vacuums: number; jobs: number; queues: string | null }>(
      `WITH due AS (SELECT name FROM pgboss.job WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())),
            by_queue AS (SELECT name, count(*) AS n FROM due GROUP BY name ORDER BY n DESC LIMIT 3)
       SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE backend_type = 'autovacuum worker') AS vacuums,
              (SELECT count(*)::int FROM due) AS jobs,
              (SELECT string_agg(name || ' ' || n, ', ') FROM by_queue) AS queues`,
    );
    busy = state!.vacuums || state!.jobs ? `${state!.vacuums} autovacuum worker(s), ${state!.jobs} job(s) due or running${state!.queues ? ` (${state!.queues})` : ''}` : null;
    if (!busy) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { ms: Date.now() - started, busy };
}
