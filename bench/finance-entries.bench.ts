/**
 * Contas a pagar / a receber with 100,000 entries in one company (issue 16's scale), rows prefixed
 * "finance-entries: …" by the runner: the list's first page with the totals of the filtered set, for the usual views
 * (open payables by due date; a month by competence; a text search; the next page by cursor).
 * Each view is asked 60 times in sequence after a warm-up; target p95 ≤ 150 ms (decision 0174).
 */
import type { BenchContext, BenchRow } from './types.ts';

const ENTRIES = Number(process.env.BENCH_FINANCE_ENTRIES ?? 100_000);
const RUNS = 60;
const TARGET_P95_MS = 150;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export default async function financeEntriesBench(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.finance.${Date.now().toString(36)}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Bench Financeiro' });
  const get = async (path: string) => {
    const res = await fetch(`${ctx.baseUrl}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ entries: unknown[]; nextCursor: string | null; totals: { count: number } }>;
  };
  // The chart and an account through the API, then the entries in one statement.
  await get('/api/finance/registers');
  const [{ id: categoryId }] = await ctx.sql<{ id: string }>("SELECT id FROM fin_categories WHERE company_id = $1 AND name = 'Aluguel e condomínio'", [companyId]);
  const t0 = performance.now();
  await ctx.sql(
    `INSERT INTO fin_entries (company_id, kind, description, amount_cents, paid_cents, due_date, competence_date, status, category_id, document_number)
     SELECT $1, CASE WHEN i % 3 = 0 THEN 'receivable' ELSE 'payable' END,
            'Lançamento ' || i || CASE WHEN i % 97 = 0 THEN ' energia elétrica' ELSE '' END,
            1000 + (i * 7919) % 900000, 0,
            DATE '2024-01-01' + (i % 1095), DATE '2024-01-01' + (i % 1095),
            CASE WHEN i % 4 = 0 THEN 'paid' WHEN i % 50 = 0 THEN 'cancelled' ELSE 'open' END,
            CASE WHEN i % 5 = 0 THEN $2::uuid END, 'NF-' || i
       FROM generate_series(1, $3::int) AS i`,
    [companyId, categoryId, ENTRIES],
  );
  await ctx.sql('ANALYZE fin_entries');
  const seeded = `${((performance.now() - t0) / 1000).toFixed(1)} s`;

  const views: Array<[string, string]> = [
    ['contas a pagar em aberto, por vencimento', '/api/finance/entries?kind=payable&status=pending&limit=50'],
    ['um mês por competência', '/api/finance/entries?kind=payable&dateField=competence&from=2025-03-01&to=2025-03-31&limit=50'],
    ['busca por texto', `/api/finance/entries?kind=payable&q=${encodeURIComponent('energia')}&limit=50`],
    ['maior valor, por categoria', `/api/finance/entries?kind=payable&categoryId=${categoryId}&sort=amount&order=desc&limit=50`],
  ];
  const rows: BenchRow[] = [{ name: `${ENTRIES.toLocaleString('pt-BR')} lançamentos semeados`, value: seeded }];
  for (const [label, path] of views) {
    for (let i = 0; i < 5; i++) await get(path);
    const times: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const page = await get(path);
      times.push(performance.now() - s);
      cursor = page.nextCursor;
    }
    const p95 = percentile(times, 95);
    rows.push({ name: `lista (${label}) p95`, value: `${p95.toFixed(1)} ms`, target: `≤ ${TARGET_P95_MS} ms`, ok: p95 <= TARGET_P95_MS });
    if (label.startsWith('contas a pagar') && cursor) {
      const next: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await get(`${path}&cursor=${cursor}`);
        next.push(performance.now() - s);
      }
      const p = percentile(next, 95);
      rows.push({ name: 'lista, página seguinte (cursor) p95', value: `${p.toFixed(1)} ms`, target: `≤ ${TARGET_P95_MS} ms`, ok: p <= TARGET_P95_MS });
    }
  }
  return rows;
}
