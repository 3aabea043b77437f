import { withTransaction } from '@sede/db/transaction';
import type { Services } from '../../services.ts';
import { queueAttempts } from './queue.ts';

/** How long the delivery log keeps an event once none of its deliveries is still going. */
export const LOG_DAYS = 30;

/** The daily pruning of every company's old events (their deliveries and attempts go with them). */
export async function pruneLog(s: Services): Promise<number> {
  const pool = s.pool;
  const { rowCount } = await pool.query(
    `DELETE FROM webhook_outbox o WHERE o.id IN (
       SELECT id FROM webhook_outbox x WHERE x.occurred_at < now() - $1 * interval '1 day'
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = x.id AND d.status IN ('pending', 'sending'))
        LIMIT 10000)`,
    [LOG_DAYS],
  );
  return rowCount ?? 0;
}

/**
 * Deliveries whose job went missing (a pending one long past its time, an attempt stuck
 * 'sending' past its lock): queued again. The claim makes a repeat harmless.
 */
export async function requeueStuck(s: Services): Promise<number> {
  const pool = s.pool;
  return withTransaction(pool, async ({ client }) => {
    const { rows } = await client.query<{ id: string; attempt: number }>(
      `SELECT id, CASE WHEN status = 'pending' THEN attempts + 1 ELSE attempts END AS attempt FROM webhook_deliveries
        WHERE (status = 'pending' AND next_attempt_at < now() - interval '10 minutes') OR (status = 'sending' AND locked_until < now())
        LIMIT 1000`,
    );
    await queueAttempts(s, client, rows.map((r) => ({ deliveryId: r.id, attempt: r.attempt })));
    return rows.length;
  });
}
