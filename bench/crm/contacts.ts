/**
 * crm: contacts (the benchmark rows for /lista-contatos): 100,000 people in one company,
 * seeded in bulk with SQL beside another company's 5,000, then
 *  - "crm: people search p95": GET /api/parties/people?q=… (names, e-mails, phone digits), target ≤ 50 ms;
 *  - "crm: CSV import rows/s": a 100,000-row CSV through the real flow (upload, analyze, start,
 *    the job to its end), target ≥ 5,000 rows/s;
 *  - "crm: other company's people unchanged": a checksum of the other company's people before and after.
 */
import type { BenchContext, BenchRow } from '../types.ts';

const PEOPLE = 100_000;
const OTHER = 5_000;
const SEARCHES = 200;

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]!;
};

async function company(ctx: BenchContext, tag: string) {
  const email = `bench.crm.${tag}.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: `Bench CRM ${tag} Ltda`, cnpj: Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('') });
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === companyId) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { cookie, companyId };
}

const FIRST = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Paulo', 'Rafaela', 'Sérgio', 'Tatiana', 'Vinícius'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Lima', 'Costa', 'Pereira', 'Almeida', 'Ferreira', 'Rodrigues', 'Gomes', 'Martins', 'Araújo', 'Ribeiro', 'Carvalho', 'Rocha', 'Dias', 'Moreira', 'Barbosa', 'Cardoso', 'Teixeira', 'Correia', 'Mendes', 'Nunes', 'Vieira', 'Monteiro', 'Moura', 'Freitas', 'Pinto', 'Campos', 'Cavalcanti', 'Ramos', 'Batista', 'Castro', 'Andrade', 'Tavares', 'Machado', 'Lopes', 'Fernandes', 'Azevedo'];
/** The seeded person g's name (the same rule as the SQL below). */
const nameOf = (g: number) => `${FIRST[g % FIRST.length]} ${LAST[Math.floor(g / FIRST.length) % LAST.length]} ${LAST[g % LAST.length]}`;

export async function seedPeople(ctx: BenchContext, companyId: string, n: number, prefix: string) {
  await ctx.sql(
    `INSERT INTO people (company_id, name, emails, phones, tags, created_at)
     SELECT $1, ($4::text[])[1 + g % $6] || ' ' || ($5::text[])[1 + (g / $6) % $7] || ' ' || ($5::text[])[1 + g % $7],
            ARRAY[lower($3) || g || '@exemplo.com.br'], ARRAY['11' || (900000000 + g)::text], ARRAY[(ARRAY['vip','lead','cliente'])[1 + g % 3]],
            now() - (g || ' minutes')::interval
       FROM generate_series(1, $2::int) g`,
    [companyId, n, prefix, FIRST, LAST, FIRST.length, LAST.length],
  );
}

const checksum = async (ctx: BenchContext, companyId: string) =>
  (
    await ctx.sql<{ sum: string; n: number }>(
      "SELECT md5(coalesce(string_agg(id::text || name || array_to_string(emails, ',') || array_to_string(phones, ',') || array_to_string(tags, ',') || updated_at::text, '|' ORDER BY id), '')) AS sum, count(*)::int AS n FROM people WHERE company_id = $1",
      [companyId],
    )
  )[0]!;

async function api<T>(ctx: BenchContext, cookie: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${ctx.baseUrl}/api${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

export default async function crmContactsBench(ctx: BenchContext): Promise<BenchRow[]> {
  const a = await company(ctx, 'a');
  const b = await company(ctx, 'b');
  await seedPeople(ctx, a.companyId, PEOPLE, 'Pessoa');
  await seedPeople(ctx, b.companyId, OTHER, 'Outra');
  await ctx.sql('ANALYZE people');
  const before = await checksum(ctx, b.companyId);
  const rows: BenchRow[] = [];

  // Search: what a salesperson types (first name and surname, two surnames, the start of a name, an e-mail prefix, phone digits), warmed first.
  const terms = Array.from({ length: SEARCHES }, (_, i) => {
    const g = 1 + ((i * 7919) % PEOPLE);
    const [first, middle, last] = nameOf(g).split(' ') as [string, string, string];
    return [`${first} ${last}`, `pessoa${g}@`, `${900000000 + g}`.slice(0, 7), `${middle} ${last}`, `${first.slice(0, 3)} ${middle}`][i % 5]!;
  });
  for (const q of terms.slice(0, 20)) await api(ctx, a.cookie, `/parties/people?q=${encodeURIComponent(q)}`);
  const times: number[] = [];
  let found = 0;
  for (const q of terms) {
    const t0 = performance.now();
    const page = await api<{ items: unknown[] }>(ctx, a.cookie, `/parties/people?q=${encodeURIComponent(q)}`);
    times.push(performance.now() - t0);
    if (page.items.length) found++;
  }
  const p95 = p(times, 95);
  // The same request without a search (the list's first page): the floor this machine puts under any search.
  const floor: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await api(ctx, a.cookie, '/parties/people');
    floor.push(performance.now() - t0);
  }
  rows.push({ name: 'crm: people list without search p95 (the floor, for reference)', value: `${p(floor, 95).toFixed(1)} ms (p50 ${p(floor, 50).toFixed(1)} ms)` });
  rows.push({
    name: `crm: people search p95 (${PEOPLE.toLocaleString('en')} people, ${SEARCHES} searches, ${found} with results)`,
    value: `${p95.toFixed(1)} ms (p50 ${p(times, 50).toFixed(1)} ms)`,
    target: '≤ 50 ms',
    ok: p95 <= 50 && found === SEARCHES,
  });

  // Import: 100,000 rows (1 in 1,000 with an invalid e-mail), into the company that already holds 100,000 people.
  const lines = ['nome;email;telefone;empresa;tags'];
  for (let i = 0; i < 100_000; i++) lines.push(`Importado ${i};${i % 1000 === 999 ? 'invalido@' : `importado${i}@exemplo.com.br`};21${String(900000000 + i)};Empresa Importada ${i % 500};importado`);
  const csv = Buffer.from(lines.join('\r\n'), 'latin1');
  const draft = await api<{ id: string }>(ctx, a.cookie, '/crm-contacts/imports', { method: 'POST', body: '{}' });
  const up = await fetch(`${ctx.baseUrl}/api/files?entityType=crm_import&entityId=${draft.id}&kind=document`, {
    method: 'POST',
    headers: { cookie: a.cookie, 'content-type': 'text/csv', 'x-file-name': 'bench.csv' },
    body: csv,
  });
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const file = (await up.json()) as { id: string };
  await api(ctx, a.cookie, `/crm-contacts/imports/${draft.id}/analyze`, { method: 'POST', body: JSON.stringify({ fileId: file.id }) });
  const t0 = performance.now();
  await api(ctx, a.cookie, `/crm-contacts/imports/${draft.id}/start`, {
    method: 'POST',
    body: JSON.stringify({ mapping: ['name', 'email', 'phone', 'company', 'tags'], dedupe: 'merge', legalBasis: 'legitimo_interesse' }),
  });
  let result: { status: string; createdCount: number; errorCount: number; processedRows: number };
  for (;;) {
    result = await api(ctx, a.cookie, `/crm-contacts/imports/${draft.id}`);
    if (result.status === 'done' || result.status === 'failed') break;
    if (performance.now() - t0 > 300_000) throw new Error(`import still ${result.status} after 5 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const rate = 100_000 / seconds;
  rows.push({
    name: `crm: CSV import rows/s (100,000 rows beside ${PEOPLE.toLocaleString('en')} people; ${result.createdCount} created, ${result.errorCount} errors)`,
    value: `${Math.round(rate).toLocaleString('en')} rows/s (${seconds.toFixed(1)} s)`,
    target: '≥ 5,000 rows/s',
    ok: result.status === 'done' && result.createdCount === 99_900 && result.errorCount === 100 && rate >= 5000,
  });

  const after = await checksum(ctx, b.companyId);
  rows.push({
    name: `crm: other company's people unchanged (${OTHER.toLocaleString('en')} people)`,
    value: after.sum === before.sum && after.n === before.n ? 'unchanged' : `changed (${before.n} → ${after.n})`,
    target: 'unchanged',
    ok: after.sum === before.sum && after.n === before.n,
  });
  return rows;
}
