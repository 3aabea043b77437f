import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '@sede/db/transaction';
import { defineJob, startJob, wakeJobWorker } from '../../src/platform/jobs/run.ts';
import { systemTenant } from '../../src/platform/tenant.ts';
import type { Services } from '../../src/services.ts';
import { seedCompany } from '../support/seed.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { within, withProbe } from './support.ts';

/** A kind's worker slots and a queue that drains at the speed of its runs (decision 0720). */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pair = { now: 0, max: 0, ran: 0 };

const probes = async (s: Services) => {
  await defineJob(s, 'probe.pair', async () => {
    pair.now++;
    pair.max = Math.max(pair.max, pair.now);
    await sleep(150);
    pair.now--;
    pair.ran++;
  }, { concurrency: 2 });
  await defineJob(s, 'probe.quick', async () => ({ ok: true }));
};

let server: TestServer;
let companyId: string;
beforeAll(async () => {
  server = await startTestServer({}, withProbe(probes));
  const owner = await createConfirmedUser(server, { email: `jobs.slots.${Date.now().toString(36)}@exemplo.com.br` });
  companyId = await seedCompany(server.services.db, { adminUserId: owner.userId });
});
afterAll(async () => {
  await server?.stop();
});

const runsDone = async (ids: string[]) => {
  const { rows } = await server.services.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM job_runs WHERE id = any($1::uuid[]) AND status = 'done'", [ids]);
  return rows[0]!.n === ids.length;
};

describe('job concurrency', () => {
  it('runs up to `concurrency` runs of a kind at once, never more', async () => {
    const tenant = systemTenant(server.services, companyId, 'job');
    const runs = await Promise.all(Array.from({ length: 6 }, () => startJob(server.services, tenant, 'probe.pair', {})));
    await within(15_000, () => runsDone(runs.map((r) => r.id)));
    expect(pair.ran).toBe(6);
    expect(pair.max).toBe(2);
  });

  it('a worker that found a run fetches the next at once, not after the polling interval (1 s)', async () => {
    const tenant = systemTenant(server.services, companyId, 'job');
    // Six runs queued in one commit and one wake-up: the worker is told once, the rest it finds by fetching again.
    const runs = await withTransaction(server.services.pool, async ({ client }) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push(await startJob(server.services, tenant, 'probe.quick', {}, client));
      return out;
    });
    const t0 = Date.now();
    wakeJobWorker(server.services, 'probe.quick');
    // One worker: one run a polling interval would take at least 5 s.
    await within(15_000, () => runsDone(runs.map((r) => r.id)));
    expect(Date.now() - t0).toBeLessThan(4000);
  });
});
