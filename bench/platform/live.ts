/**
 * Live entity updates and notifications (decisions 0115 and 0116).
 *
 * 1. 500 open pages (GET /api/events streams) over 50 companies: 2 people per company, 5 tabs
 *    each. 200 entity changes, each announced with `announce` (the platform's function, on its
 *    own connection, as an area would inside its transaction) to a random company — one in
 *    four to a single person of it (`userIds`). Latency = from just before the NOTIFY to the
 *    'entity' event on each page that must get it; target p95 ≤ 100 ms. Every event on any
 *    other page is counted: target 0.
 * 2. `notify` (the platform's function, real pg-boss queue for the e-mail job) to 1,000 members
 *    of one company, kind 'mention' (in-app and e-mail on by default): target ≤ 1 s for the
 *    call (rows, live announcements and the queued e-mail job, committed).
 * BENCH_LIVE_COMPANIES and BENCH_LIVE_CHANGES shrink part 1 while iterating.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { announce } from '../../apps/server/src/platform/live/announce.ts';
import { notify } from '../../apps/server/src/platform/notifications/notify.ts';
import type { Services } from '../../apps/server/src/services.ts';
import { seedMember } from '../../apps/server/test/support/seed.ts';
import { createDb } from '@sede/db/client';
import type { BenchContext, BenchRow } from '../types.ts';
import { type EntityEvents, openEntityEvents, percentile, sleep, untilSessionSeesCompany } from './live-client.ts';

const COMPANIES = Number(process.env.BENCH_LIVE_COMPANIES ?? 50);
const PEOPLE_PER_COMPANY = 2;
const TABS_PER_PERSON = 5;
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 200);
const TARGET_P95_MS = 100;
const NOTIFY_PEOPLE = 1000;
const TARGET_NOTIFY_MS = 1000;

type Page = EntityEvents & { companyId: string; userId: string };

function databaseUrl(dataDir: string) {
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/sede`;
}

async function openPage(baseUrl: string, cookie: string, companyId: string, userId: string): Promise<Page> {
  return { companyId, userId, ...(await openEntityEvents(baseUrl, cookie)) };
}

/**
 * Many people quickly: sign up through the API, mark the address confirmed in SQL (instead of
 * waiting for the e-mail, which ctx.signUpConfirmed does), sign in; a few at a time.
 */
async function signUpMany(ctx: BenchContext, emails: string[], concurrency = 4): Promise<string[]> {
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: ctx.baseUrl }, body: JSON.stringify(body) });
  const cookies: string[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const email = emails[i]!;
      const up = await fetch(`${ctx.baseUrl}/api/auth/sign-up/email`, json({ email, password: 'segredo123', name: 'Bench Live', firstName: 'Bench', lastName: 'Live', callbackURL: '/email-confirmed' }));
      if (!up.ok) throw new Error(`sign-up ${email}: ${up.status} ${await up.text()}`);
      await ctx.sql('UPDATE "user" SET email_verified = true WHERE email = $1', [email]);
      const signIn = await fetch(`${ctx.baseUrl}/api/auth/sign-in/email`, json({ email, password: 'segredo123' }));
      if (!signIn.ok) throw new Error(`sign-in ${email}: ${signIn.status} ${await signIn.text()}`);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.includes('session_token='));
      if (!cookie) throw new Error(`sign-in ${email} set no session cookie`);
      cookies[i] = cookie;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}


export default async function platformLiveBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const url = databaseUrl(ctx.dataDir);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  const db = createDb(pool);
  const pages: Page[] = [];
  const run = Date.now().toString(36);
  try {
    // --- 1. 500 open pages over 50 companies ---
    const people: Array<{ cookie: string; userId: string; companyId: string }> = [];
    const emails = Array.from({ length: COMPANIES * PEOPLE_PER_COMPANY }, (_, i) => `bench.live.${run}.${i}@exemplo.com.br`);
    const t0 = performance.now();
    const cookies = await signUpMany(ctx, emails);
    const ids = new Map((await ctx.sql<{ id: string; email: string }>('SELECT id, email FROM "user" WHERE email = ANY($1)', [emails])).map((r) => [r.email, r.id]));
    for (let c = 0; c < COMPANIES; c++) {
      const members = emails.slice(c * PEOPLE_PER_COMPANY, (c + 1) * PEOPLE_PER_COMPANY);
      const companyId = await ctx.seedCompany(members[0]!, { name: `Bench Live ${c}`, cnpj: String(Date.now() + c).padStart(14, '7').slice(-14) });
      for (const e of members.slice(1)) await seedMember(db, { companyId, userId: ids.get(e)!, role: 'vendas' });
      members.forEach((e, i) => people.push({ cookie: cookies[c * PEOPLE_PER_COMPANY + i]!, userId: ids.get(e)!, companyId }));
    }
    console.log(`  ${people.length} people in ${COMPANIES} companies in ${Math.round(performance.now() - t0)} ms`);
    // Every person's session sees their company before the pages open.
    for (const p of people) await untilSessionSeesCompany(ctx.baseUrl, p.cookie, p.companyId, p.userId);
    for (const p of people) for (let t = 0; t < TABS_PER_PERSON; t++) pages.push(await openPage(ctx.baseUrl, p.cookie, p.companyId, p.userId));
    console.log(`  ${pages.length} pages open`);

    const latencies: number[] = [];
    let missed = 0;
    /** Which pages each announced id is meant for. */
    const meantFor = new Map<string, (p: Page) => boolean>();
    const client = await pool.connect();
    try {
      for (let i = 0; i < CHANGES; i++) {
        const target = people[Math.floor(Math.random() * people.length)]!;
        const onlyOne = i % 4 === 0;
        const id = `e${i}-${randomUUID().slice(0, 8)}`;
        const isFor = (p: Page) => p.companyId === target.companyId && (!onlyOne || p.userId === target.userId);
        meantFor.set(id, isFor);
        const expected = pages.filter(isFor);
        const sentAt = performance.now();
        await announce(client, { companyId: target.companyId, entity: 'bench', id, action: 'updated', ...(onlyOne ? { userIds: [target.userId] } : {}) });
        const deadline = sentAt + 3000;
        while (performance.now() < deadline && !expected.every((p) => p.events.some((e) => e.id === id))) await sleep(1);
        for (const p of expected) {
          const hit = p.events.find((e) => e.id === id);
          if (hit) latencies.push(hit.at - sentAt);
          else missed++;
        }
      }
    } finally {
      client.release();
    }
    // Sentinel for stragglers: one more change to every company; once all pages have it, nothing older is in flight.
    const sentinel = `sentinel-${run}`;
    for (const companyId of new Set(people.map((p) => p.companyId))) await announce(pool, { companyId, entity: 'bench', id: sentinel });
    meantFor.set(sentinel, () => true);
    const until = performance.now() + 5000;
    while (performance.now() < until && !pages.every((p) => p.events.some((e) => e.id === sentinel))) await sleep(5);
    // Every event a page got must have been meant for it.
    let wrong = 0;
    for (const p of pages) for (const e of p.events) if (e.id !== sentinel && !meantFor.get(e.id)?.(p)) wrong++;
    latencies.sort((x, y) => x - y);
    const expectedTotal = latencies.length + missed;
    const p95 = percentile(latencies, 95);
    rows.push({
      name: `entity change → open page p95 (${pages.length} pages, ${COMPANIES} companies, ${CHANGES} changes, ${expectedTotal} deliveries)`,
      value: `${p95.toFixed(1)} ms (p50 ${percentile(latencies, 50).toFixed(1)}, max ${latencies.at(-1)!.toFixed(1)}, missed ${missed})`,
      target: `≤ ${TARGET_P95_MS} ms`,
      ok: p95 <= TARGET_P95_MS && missed === 0,
    });
    rows.push({ name: 'entity changes delivered to anyone else', value: String(wrong), target: '0', ok: wrong === 0 });
  } finally {
    for (const p of pages) p.close();
  }

  // --- 2. notify to 1,000 people ---
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 2, supervise: false, schedule: false, migrate: false });
  boss.on('error', () => {});
  try {
    await boss.start();
    const adminEmail = `bench.notify.${run}@exemplo.com.br`;
    await signUpMany(ctx, [adminEmail], 1);
    const companyId = await ctx.seedCompany(adminEmail, { name: 'Bench Notify', cnpj: String(Date.now()).padStart(14, '8').slice(-14) });
    // 1,000 members written in SQL (signing each up would measure better-auth, not notify).
    // Their addresses are unconfirmed, so the e-mail job delivers nothing after the measure.
    const ids = Array.from({ length: NOTIFY_PEOPLE }, (_, i) => `bench-notify-${run}-${i}`);
    await ctx.sql(`INSERT INTO "user" (id, name, email) SELECT id, 'Pessoa Bench', id || '@exemplo.com.br' FROM unnest($1::text[]) AS id`, [ids]);
    await ctx.sql(`INSERT INTO company_members (user_id, company_id, role) SELECT id, $2, 'vendas' FROM unnest($1::text[]) AS id`, [ids, companyId]);
    const s = { pool, boss } as unknown as Services;
    await notify(s, { companyId, userIds: ids.slice(0, 10), kind: 'mention', title: 'Aquecimento' }); // warm-up
    const times: number[] = [];
    let last = { inApp: 0, email: 0, skipped: 0 };
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      last = await notify(s, { companyId, userIds: ids, kind: 'mention', title: `Menção ${i}`, body: 'Bench de notificações', link: '/kanban-leads' });
      times.push(performance.now() - t0);
    }
    const median = [...times].sort((x, y) => x - y)[1]!;
    rows.push({
      name: `notify ${NOTIFY_PEOPLE.toLocaleString('en-US')} people (rows + live + e-mail job, median of 3)`,
      value: `${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}; ${last.inApp} in-app, ${last.email} e-mail)`,
      target: `≤ ${TARGET_NOTIFY_MS} ms`,
      ok: median <= TARGET_NOTIFY_MS && last.inApp === NOTIFY_PEOPLE,
    });
  } finally {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
    await pool.end().catch(() => {});
  }
  return rows;
}
