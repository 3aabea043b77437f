/**
 * marketing: the benchmark rows. The calendar month of a busy agency: 2,000 pieces in
 * one month (plus 2,000 in the months around it, another company's 2,000 in the same month and
 * five companies' 4,000 each over the year, so the range and the company must come from the
 * index), 30 mass campaigns in the month, and
 * `GET /api/marketing/calendar` for the month measured one request at a time (the page's own
 * pattern): target p95 ≤ 100 ms. The plan of the pieces' range query is checked to use the
 * index `marketing_pieces_company_scheduled_at_id_idx`. Then the materials' thumbnails rate
 * (`bench/marketing/thumbnails.ts`): target ≥ 20 images/s.
 */
import { calendarQuerySchema } from '@sede/shared/marketing/calendar';
import { calendarOf } from '../apps/server/src/modules/marketing/calendar-service.ts';
import { thumbnailRows } from './marketing/thumbnails.ts';
import type { BenchContext, BenchRow } from './types.ts';

const PIECES = 2_000;
const LOADS = 200;
const TARGET_P95 = 100;
const CHANNELS = ['instagram', 'facebook', 'linkedin', 'tiktok', 'youtube', 'blog', 'email', 'whatsapp'];
const STATUSES = ['ideia', 'producao', 'revisao', 'aprovado', 'agendado', 'publicado'];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((xs.length * p) / 100) - 1)] ?? Number.NaN;

async function company(ctx: BenchContext, tag: string) {
  const email = `bench.marketing.${tag}.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: `Agência ${tag} Ltda` });
  const res = await fetch(`${ctx.baseUrl}/api/marketing/clients`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`clients: ${res.status} ${await res.text()}`);
  const clientId = ((await res.json()) as { clients: Array<{ id: string }> }).clients[0]!.id;
  const [user] = await ctx.sql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email]);
  return { cookie, companyId, clientId, userId: user!.id };
}

/** `n` pieces spread over the days from `from` (a São Paulo date) for `days` days, every channel and status. */
async function seedPieces(ctx: BenchContext, c: { companyId: string; clientId: string; userId: string }, n: number, from: string, days: number) {
  await ctx.sql(
    `INSERT INTO marketing_pieces (company_id, client_id, title, channel, format, status, scheduled_at, brief, copy, hashtags, assignee_id, created_by, updated_by)
     SELECT $1, $2, 'Peça ' || i || ' — campanha de fim de ano', ($5::text[])[1 + i % 8], 'post', ($6::text[])[1 + i % 6],
            ($3::date + ((i * 7919) % ($4::int * 24 * 60)) * interval '1 minute') AT TIME ZONE 'America/Sao_Paulo',
            'Briefing da peça ' || i, repeat('Texto da legenda. ', 20), ARRAY['marketing', 'natal'], CASE WHEN i % 2 = 0 THEN $7 END, $7, $7
       FROM generate_series(1, $8::int) i`,
    [c.companyId, c.clientId, from, days, CHANNELS, STATUSES, c.userId, n],
  );
}

export default async function marketingBench(ctx: BenchContext): Promise<BenchRow[]> {
  const a = await company(ctx, 'a');
  const b = await company(ctx, 'b');
  const t0 = performance.now();
  await seedPieces(ctx, a, PIECES, '2026-11-01', 30);
  await seedPieces(ctx, a, PIECES / 2, '2026-09-01', 61);
  await seedPieces(ctx, a, PIECES / 2, '2026-12-01', 62);
  await seedPieces(ctx, b, PIECES, '2026-11-01', 30);
  // Other companies' year of content: the table is shared, as in production.
  for (let i = 0; i < 5; i++) await seedPieces(ctx, await company(ctx, `c${i}`), 4_000, '2026-01-01', 365);
  await ctx.sql(
    `INSERT INTO campaigns (company_id, name, status, scheduled_at)
     SELECT $1, 'Campanha ' || i, CASE WHEN i % 2 = 0 THEN 'sent' ELSE 'scheduled' END, '2026-11-01T12:00:00Z'::timestamptz + i * interval '1 day'
       FROM generate_series(0, 29) i`,
    [a.companyId],
  );
  await ctx.sql('ANALYZE marketing_pieces; ANALYZE campaigns');
  const seedMs = performance.now() - t0;

  const url = `${ctx.baseUrl}/api/marketing/calendar?from=2026-11-01&to=2026-11-30`;
  const get = async () => {
    const res = await fetch(url, { headers: { cookie: a.cookie } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`calendar: ${res.status} ${text}`);
    return text;
  };
  let body = '';
  for (let i = 0; i < 20; i++) body = await get();
  const view = JSON.parse(body) as { pieces: unknown[]; campaigns: unknown[]; dates: unknown[] };
  if (view.pieces.length !== PIECES) throw new Error(`calendar month has ${view.pieces.length} pieces, seeded ${PIECES}`);
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const s = performance.now();
    await get();
    loads.push(performance.now() - s);
  }
  const plan = (
    await ctx.sql<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT p.id FROM marketing_pieces p WHERE p.company_id = $1 AND p.scheduled_at >= $2 AND p.scheduled_at < $3 ORDER BY p.scheduled_at, p.id LIMIT 5000`,
      [a.companyId, '2026-11-01T03:00:00Z', '2026-12-01T03:00:00Z'],
    )
  )
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  // The same answer built in this process straight on the database (informative: separates the
  // service's SQL and JSON work from HTTP, the server's event loop and the machine's load).
  const tenant = { db: ctx.db, companyId: a.companyId, actorId: a.userId };
  const query = calendarQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30' });
  const direct: number[] = [];
  for (let i = 0; i < 50; i++) {
    const s = performance.now();
    JSON.stringify(await calendarOf(tenant as never, query));
    direct.push(performance.now() - s);
  }
  const indexed = plan.includes('marketing_pieces_company_scheduled_at_id_idx');
  const scans = [...plan.matchAll(/(Seq Scan|Index Scan|Index Only Scan|Bitmap Index Scan)(?: using| on)? (\w+)/g)].map((m) => `${m[1]} ${m[2]}`).join('; ');
  const p95 = pct(loads, 95);
  return [
    { name: 'seed (pieces of 7 companies)', value: `${(PIECES * 3 + 20_000).toLocaleString('pt-BR')} pieces in ${(seedMs / 1000).toFixed(1)} s` },
    {
      name: `calendar month of ${PIECES.toLocaleString('en-US')} pieces p95`,
      value: `${p95.toFixed(1)} ms (p50 ${pct(loads, 50).toFixed(1)}; ${(body.length / 1024).toFixed(0)} KB, ${view.campaigns.length} campaigns, ${view.dates.length} dates)`,
      target: `≤ ${TARGET_P95} ms`,
      ok: p95 <= TARGET_P95,
    },
    { name: 'calendar month built in-process on the database, p50 / p95', value: `${pct(direct, 50).toFixed(1)} ms / ${pct(direct, 95).toFixed(1)} ms` },
    { name: 'machine load average (1 min) at the end', value: (await import('node:os')).loadavg()[0]!.toFixed(1) },
    { name: 'calendar range query uses the index', value: scans || plan.split('\n')[0]!, target: 'index scan', ok: indexed },
    ...(await thumbnailRows(ctx)),
  ];
}
