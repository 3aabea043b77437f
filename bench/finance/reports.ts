/**
 * Financeiro's report targets (decision 0177), a part of bench/finance.bench.ts (rows "finance: …"), against the production server over HTTP:
 * 100,000 entries (two thirds settled, with their payments) in one company, beside another
 * company with 20,000, seeded in bulk with SQL. The month's cash flow (per day) p95 ≤ 100 ms; a
 * 12-month DRE p95 ≤ 150 ms; a 10,000-transaction OFX imported in ≤ 3 s.
 */
import { addDays, todayInBrazil } from '../../packages/shared/src/platform/calendar.ts';
import type { BenchContext, BenchRow } from '../types.ts';

const ENTRIES = Number(process.env.BENCH_FINANCE_ENTRIES ?? 100_000);
const SAMPLES = Number(process.env.BENCH_FINANCE_SAMPLES ?? 60);

async function seedFinance(ctx: BenchContext, companyId: string, entries: number) {
  const today = todayInBrazil();
  const [acc] = await ctx.sql<{ id: string }>(
    `insert into fin_accounts (company_id, name, bank_code, account_number, opening_balance_cents, opening_date)
     values ($1, 'Itaú PJ', '341', '12345-6', 10000000, '2020-01-01'), ($1, 'Caixa', null, null, 0, '2020-01-01') returning id`,
    [companyId],
  );
  await ctx.sql(
    `insert into fin_categories (company_id, name, kind, dre_group, position)
     select $1, 'Categoria ' || g, case when g <= 4 then 'income' else 'expense' end,
            (array['receita_bruta','receita_bruta','receitas_financeiras','outras_receitas','deducoes','custos','despesas_operacionais','despesas_operacionais','despesas_operacionais','despesas_financeiras','outras_despesas','impostos_sobre_lucro','investimentos'])[1 + (g - 1) % 13], g
       from generate_series(1, 20) g`,
    [companyId],
  );
  // Entries over the last 24 months and the next 6; two thirds settled (paid on the due date).
  await ctx.sql(
    `with cats as (select array_agg(id order by position) ids from fin_categories where company_id = $1)
     insert into fin_entries (company_id, kind, description, amount_cents, paid_cents, due_date, competence_date, status, category_id, account_id, settled_date)
     select $1, k, 'Lançamento ' || g, a, case when paid then a else 0 end, d, d - 5, case when paid then 'paid' else 'open' end,
            (select ids[1 + (g % 20)] from cats), $2, case when paid then d end
       from (select g, case when g % 20 < 4 then 'receivable' else 'payable' end k, 1000 + (g * 7919) % 500000 a,
                    ($3::date - 730 + (g % 910)) d, (g % 3 <> 0 and ($3::date - 730 + (g % 910)) <= $3::date) paid
               from generate_series(1, $4::int) g) t`,
    [companyId, acc!.id, today, entries],
  );
  await ctx.sql(
    `insert into fin_payments (company_id, entry_id, account_id, paid_date, amount_cents)
     select company_id, id, account_id, due_date, amount_cents from fin_entries where company_id = $1 and status = 'paid'`,
    [companyId],
  );
  // A steady state (autovacuum's visibility map) so the reports' covering indexes serve index-only scans.
  await ctx.sql('vacuum analyze fin_entries, fin_payments, fin_accounts, fin_categories');
  return acc!.id;
}

async function p95(ctx: BenchContext, cookie: string, path: string): Promise<{ p95: number; p50: number; ok: boolean; error?: string }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}${path}`, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) return { p95: Number.NaN, p50: Number.NaN, ok: false, error: `${res.status} ${body.slice(0, 200)}` };
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1]!, p50: times[Math.floor(times.length / 2)]!, ok: true };
}

function ofx(n: number) {
  const lines = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'CHARSET:1252', '', '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL', '<BANKACCTFROM><BANKID>341<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST>'];
  const base = Date.UTC(2024, 0, 1);
  for (let i = 0; i < n; i++) {
    const d = new Date(base + (i % 365) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    lines.push(`<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${d}[-3:BRT]<TRNAMT>${i % 2 ? '-' : ''}${(i % 997) + 1},${String(i % 100).padStart(2, '0')}<FITID>BENCH${i}<MEMO>Transação de teste ${i}</STMTTRN>`);
  }
  lines.push('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
  return lines.join('\n');
}

export default async function financeBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const email = `finance.bench.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Financeiro Bench Ltda' });
  const otherEmail = `finance.other.${Date.now()}@exemplo.com.br`;
  await ctx.signUpConfirmed(otherEmail);
  const other = await ctx.seedCompany(otherEmail, { name: 'Outra Bench Ltda' });
  const t0 = performance.now();
  const accountId = await seedFinance(ctx, companyId, ENTRIES);
  await seedFinance(ctx, other, Math.round(ENTRIES / 5));
  rows.push({ name: `seed ${ENTRIES.toLocaleString('en')} entries (+ ${Math.round(ENTRIES / 5).toLocaleString('en')} in another company)`, value: `${((performance.now() - t0) / 1000).toFixed(1)} s` });

  const today = todayInBrazil();
  const from = `${today.slice(0, 7)}-01`;
  const [y, m] = from.split('-').map(Number) as [number, number];
  const to = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
  const flow = await p95(ctx, cookie, `/api/finance/reports/cash-flow?from=${from}&to=${to}&granularity=day`);
  rows.push({ name: 'month cash flow p95', value: flow.ok ? `${flow.p95.toFixed(1)} ms (p50 ${flow.p50.toFixed(1)} ms)` : `erro: ${flow.error}`, target: '≤ 100 ms', ok: flow.ok && flow.p95 <= 100 });
  const dre = await p95(ctx, cookie, `/api/finance/reports/dre?to=${today.slice(0, 7)}&months=12`);
  rows.push({ name: '12-month DRE p95', value: dre.ok ? `${dre.p95.toFixed(1)} ms (p50 ${dre.p50.toFixed(1)} ms)` : `erro: ${dre.error}`, target: '≤ 150 ms', ok: dre.ok && dre.p95 <= 150 });
  const overview = await p95(ctx, cookie, '/api/finance/reports/overview');
  rows.push({ name: 'overview p95', value: overview.ok ? `${overview.p95.toFixed(1)} ms` : `erro: ${overview.error}` });

  const file = ofx(10_000);
  const t1 = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/finance/statements/imports?accountId=${accountId}&fileName=bench.ofx`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/octet-stream', origin: ctx.baseUrl },
    body: file,
  });
  const ms = performance.now() - t1;
  const body = (await res.json()) as { importedLines?: number; error?: string };
  const ok = res.status === 201 && body.importedLines === 10_000;
  rows.push({ name: 'OFX 10,000 transactions import', value: ok ? `${(ms / 1000).toFixed(2)} s` : `erro: ${res.status} ${body.error ?? ''}`, target: '≤ 3 s', ok: ok && ms <= 3000 });
  const lines = await p95(ctx, cookie, `/api/finance/statements/lines?accountId=${accountId}&status=pending`);
  rows.push({ name: 'statement lines page with suggestions p95', value: lines.ok ? `${lines.p95.toFixed(1)} ms` : `erro: ${lines.error}` });
  return rows;
}
