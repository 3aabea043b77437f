import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { bossDb } from '@sede/db/transaction';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/** The pg-boss queue of delivery attempts (decision 0652): one job per attempt of one delivery. */
export const DELIVER_QUEUE = 'webhooks-deliver';

/** `attempt` is the number this job makes; a job whose attempt was already made (a repeat) does nothing. */
export type DeliverJob = { deliveryId: string; attempt: number; manual?: boolean };

/**
 * A crashed instance's job comes back after it expires: the attempt it was making is claimed
 * again once its lock has passed (see deliver.ts). Our own schedule decides the retries of a
 * failed attempt, never pg-boss's.
 */
const JOB_OPTIONS = { retryLimit: 3, retryDelay: 60, expireInSeconds: 180 } as const;

/** Queues attempts in the caller's transaction, so they exist exactly when the rows they name do. */
export async function queueAttempts(s: Services, client: pg.PoolClient, jobs: Array<DeliverJob & { startAfter?: Date }>): Promise<void> {
  if (!jobs.length) return;
  const rows: PgBoss.JobInsert[] = jobs.map(({ startAfter, ...data }) => ({ name: DELIVER_QUEUE, data, ...JOB_OPTIONS, ...(startAfter ? { startAfter } : {}) }));
  await s.boss.insert(rows, { db: bossDb(client) });
}

/** This server's delivery workers, to wake them after a commit instead of waiting for their poll. */
export const deliveryWorkers = (s: Services) => serverState(s, 'webhooks.workers', () => [] as string[]);
export const wakeDeliveryWorkers = (s: Services) => {
  for (const id of deliveryWorkers(s)) s.boss.notifyWorker(id);
};
