/**
 * Contas a pagar / a receber with 100,000 entries in one company, a part of
 * bench/finance.bench.ts (rows "finance: lista …"): the list's first page with the totals of the filtered set, for the usual views
 * (open payables by due date; a month by competence; a text search; the next page by cursor).
 * Each view is asked 60 times in sequence after a warm-up; target p95 ≤ 150 ms (decisions 0174, 0198).
 * BENCH_EXPLAIN=1 prints the plans of the totals and the text search (EXPLAIN ANALYZE).
 */
import type { BenchContext, BenchRow } from '../types.ts';

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
  await seedEntries(ctx, companyId, categoryId, ENTRIES);
  // A steady state (autovacuum's visibility map), so the totals' covering index serves index-only scans.
  await ctx.sql('VACUUM ANALYZE fin_entries');
  const seeded = `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  if (process.env.BENCH_EXPLAIN) await explain(ctx, companyId);

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

/** `n` entries of one company in one statement: two payables for each receivable, a quarter paid, 2 % cancelled, over three years. */
export async function seedEntries(ctx: BenchContext, companyId: string, categoryId: string, n: number) {
  await ctx.sql(
    `INSERT INTO fin_entries (company_id, kind, description, amount_cents, paid_cents, due_date, competence_date, status, category_id, document_number)
     SELECT $1, CASE WHEN i % 3 = 0 THEN 'receivable' ELSE 'payable' END,
            'Lançamento ' || i || CASE WHEN i % 97 = 0 THEN ' energia elétrica' ELSE '' END,
            1000 + (i * 7919) % 900000, 0,
            DATE '2024-01-01' + (i % 1095), DATE '2024-01-01' + (i % 1095),
            CASE WHEN i % 4 = 0 THEN 'paid' WHEN i % 50 = 0 THEN 'cancelled' ELSE 'open' END,
            CASE WHEN i % 5 = 0 THEN $2::uuid END, 'NF-' || i
       FROM generate_series(1, $3::int) AS i`,
    [companyId, categoryId, n],
  );
}

/** The plans of the two slowest views' queries (the server builds the same SQL with Drizzle). */
async function explain(ctx: BenchContext, companyId: string) {
  const fold = (text: string) =>
    `to_tsvector('simple', translate(translate(${text}, '-./', '   '), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'))`;
  const queries: Array<[string, string]> = [
    [
      'totals of open payables',
      `SELECT count(*)::int, coalesce(sum(amount_cents) filter (where status <> 'cancelled'), 0), coalesce(sum(paid_cents), 0),
              coalesce(sum(amount_cents - paid_cents) filter (where status = 'open'), 0)
         FROM fin_entries WHERE company_id = $1 AND kind = 'payable' AND status = 'open'`,
    ],
    [
      'first page of open payables',
      `SELECT * FROM fin_entries WHERE company_id = $1 AND kind = 'payable' AND status = 'open' ORDER BY due_date, id LIMIT 51`,
    ],
    [
      'totals of a text search',
      `SELECT count(*)::int, coalesce(sum(amount_cents), 0) FROM fin_entries WHERE company_id = $1 AND kind = 'payable' AND (${fold("description || ' ' || coalesce(document_number, '')")} @@ to_tsquery('simple', 'energia:*')
          OR person_id = any(array(select id from people p where p.company_id = $1 and to_tsvector('simple', translate(p.name, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')) @@ to_tsquery('simple', 'energia:*'))))`,
    ],
    [
      'text search',
      `SELECT * FROM fin_entries WHERE company_id = $1 AND kind = 'payable' AND (${fold("description || ' ' || coalesce(document_number, '')")} @@ to_tsquery('simple', 'energia:*')
          OR organization_id = any(array(select id from organizations o where o.company_id = $1 and to_tsvector('simple', translate(o.razao_social || ' ' || coalesce(o.nome_fantasia, ''), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')) @@ to_tsquery('simple', 'energia:*'))))
        ORDER BY (due_date + 0), id LIMIT 51`,
    ],
  ];
  for (const [label, q] of queries) {
    const plan = await ctx.sql<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q}`, [companyId]);
    console.log(`\n[finance bench] ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
