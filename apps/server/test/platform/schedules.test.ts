import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_CYCLE_QUEUE } from '../../src/modules/billing/cycle.ts';
import { startJobs } from '../../src/platform/jobs.ts';
import { cronMatches, minuteIn, parseCron, scheduledJobId, scheduleJob, schedulesOf, sendDue } from '../../src/platform/jobs/schedules.ts';
import { freshDatabase, startTestServer, type TestServer } from '../support/test-server.ts';

/** Recurring jobs without pg-boss's timekeeper (decision 0779): which minutes match, and one job per minute. */
const at = (iso: string, tz: string) => minuteIn(new Date(iso), tz);
const matches = (cron: string, iso: string, tz = 'UTC') => cronMatches(parseCron(cron), at(iso, tz));

describe('a cron against a minute', () => {
  it('reads the minute in the schedule’s zone', () => {
    expect(at('2026-12-06T12:05:30Z', 'America/Sao_Paulo')).toEqual({ minute: 5, hour: 9, dayOfMonth: 6, month: 12, dayOfWeek: 0 });
    expect(at('2026-12-07T02:59:00Z', 'America/Sao_Paulo')).toEqual({ minute: 59, hour: 23, dayOfMonth: 6, month: 12, dayOfWeek: 0 });
    expect(at('2026-12-07T02:59:00Z', 'UTC')).toEqual({ minute: 59, hour: 2, dayOfMonth: 7, month: 12, dayOfWeek: 1 });
  });

  it('matches the minutes pg-boss’s cron would run, in the zone', () => {
    expect(matches('0 9 * * *', '2026-12-06T12:00:00Z', 'America/Sao_Paulo')).toBe(true);
    expect(matches('0 9 * * *', '2026-12-06T09:00:00Z', 'America/Sao_Paulo')).toBe(false);
    expect(matches('0 9 * * *', '2026-12-06T12:01:00Z', 'America/Sao_Paulo')).toBe(false);
    expect(['00', '15', '30', '45'].every((m) => matches('*/15 * * * *', `2026-12-06T10:${m}:00Z`))).toBe(true);
    expect(matches('*/15 * * * *', '2026-12-06T10:20:00Z')).toBe(false);
    expect(matches('7,37 * * * *', '2026-12-06T10:37:00Z')).toBe(true);
    expect(matches('7,37 * * * *', '2026-12-06T10:36:00Z')).toBe(false);
    expect(matches('30 4 * * *', '2026-12-06T04:30:00Z')).toBe(true);
    expect(matches('* * * * *', '2026-02-28T23:59:00Z')).toBe(true);
  });

  it('keeps cron’s rule for the two day fields: either one when both are restricted, else the restricted one', () => {
    // 2026-12-07 is a Monday, the 7th.
    expect(matches('0 8 1 * 1', '2026-12-07T08:00:00Z')).toBe(true); // Monday, not the 1st
    expect(matches('0 8 7 * 3', '2026-12-07T08:00:00Z')).toBe(true); // the 7th, not a Wednesday
    expect(matches('0 8 1 * 3', '2026-12-07T08:00:00Z')).toBe(false);
    expect(matches('0 8 * * 1-5', '2026-12-07T08:00:00Z')).toBe(true);
    expect(matches('0 8 * * 1-5', '2026-12-06T08:00:00Z')).toBe(false); // Sunday
    expect(matches('0 8 * * 7', '2026-12-06T08:00:00Z')).toBe(true); // 7 is Sunday too
    expect(matches('0 8 15 * *', '2026-12-07T08:00:00Z')).toBe(false);
    expect(matches('0 8 * dec mon', '2026-12-07T08:00:00Z')).toBe(true);
  });

  it('refuses what it does not read', () => {
    expect(() => parseCron('0 0 L * *')).toThrow(/unsupported cron/);
    expect(() => parseCron('0 0 * * 1#2')).toThrow(/unsupported cron/);
    expect(() => parseCron('0 0 0 * * *')).toThrow(/unsupported cron/);
    expect(() => parseCron('61 * * * *')).toThrow();
  });

  it('costs microseconds, not pg-boss’s walk back through the day', () => {
    const daily = parseCron('0 9 * * *');
    const t = performance.now();
    let n = 0;
    for (let i = 0; i < 1_000; i++) if (cronMatches(daily, minuteIn(new Date(Date.UTC(2026, 11, 6, 0, i)), 'America/Sao_Paulo'))) n++;
    expect(n).toBe(1);
    // pg-boss's per-schedule cost for a daily cron in São Paulo was ~7 ms (decision 0779); a thousand minutes here in well under that each.
    expect((performance.now() - t) / 1_000).toBeLessThan(0.5);
  });
});

describe('scheduled jobs on a server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const jobs = async (queue: string) =>
    (await server.services.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [queue])).rows[0]!.n;

  it('the areas’ schedules are the process’s, none left in pg-boss’s timekeeper', async () => {
    expect(schedulesOf(server.services.boss)).toContainEqual({ queue: BILLING_CYCLE_QUEUE, cron: '*/10 * * * *', tz: 'UTC' });
    expect(await server.services.boss.getSchedules()).toEqual([]);
  });

  it('a due minute sends one job per queue, however many times (or instances) send it', async () => {
    const boss = server.services.boss;
    await boss.createQueue('probe-every-five');
    scheduleJob(boss, 'probe-every-five', '*/5 * * * *', 'America/Sao_Paulo');
    const due = Date.UTC(2026, 11, 6, 12, 10);
    expect(await sendDue(boss, due)).toContain('probe-every-five');
    await sendDue(boss, due);
    await Promise.all([sendDue(boss, due), sendDue(boss, due)]);
    expect(await jobs('probe-every-five')).toBe(1);
    expect(await server.services.boss.getJobById('probe-every-five', scheduledJobId('probe-every-five', due))).not.toBeNull();
    expect(await sendDue(boss, due + 60_000)).not.toContain('probe-every-five');
    expect(await jobs('probe-every-five')).toBe(1);
    expect(await sendDue(boss, due + 5 * 60_000)).toContain('probe-every-five');
    expect(await jobs('probe-every-five')).toBe(2);
  });

  it('starting drops the schedules pg-boss kept before', async () => {
    const url = await freshDatabase();
    const first = await startJobs(url);
    await first.createQueue('probe-old');
    await first.schedule('probe-old', '0 9 * * *', {}, { tz: 'America/Sao_Paulo' });
    expect((await first.getSchedules()).map((x) => x.name)).toEqual(['probe-old']);
    await first.stop({ graceful: false, wait: true });
    const second = await startJobs(url);
    try {
      expect(await second.getSchedules()).toEqual([]);
    } finally {
      await second.stop({ graceful: false, wait: true });
    }
  });
});
