/**
 * RH's row of the AI analysis benchmark (decision 0234): the employees list's first page (50 by name,
 * with the filter's total) with 5,000 employees in the company, p95 ≤ 50 ms, over HTTP.
 */
import type { BenchContext, BenchRow } from '../types.ts';

const EMPLOYEES = 5_000;
const SAMPLES = Number(process.env.BENCH_HR_SAMPLES ?? 100);
const DEPARTMENTS = ['Vendas', 'Produção', 'Financeiro', 'Pessoas', 'Logística', 'Tecnologia', 'Atendimento', 'Jurídico'];
const TYPES = ['clt', 'clt', 'clt', 'pj', 'estagio', 'temporario', 'aprendiz', 'autonomo'];
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Érica', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'João', 'Larissa', 'Márcio', 'Natália', 'Otávio', 'Paula', 'Rafael'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Conceição', 'Lima', 'Araújo', 'Gonçalves', 'Pereira', 'Costa', 'Ribeiro'];

/** A valid CPF from a 9-digit base (the two check digits computed), so 5,000 distinct ones. */
function cpfOf(base: number): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const rest = (sum * 10) % 11;
    d.push(rest === 10 ? 0 : rest);
  }
  return d.join('');
}

export async function employeesListRows(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `rh.bench.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'RH Bench Ltda' });
  const cols: [string[], string[], string[], string[], string[], number[]] = [[], [], [], [], [], []];
  for (let i = 0; i < EMPLOYEES; i++) {
    cols[0].push(`${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`);
    cols[1].push(cpfOf(100_000_001 + i * 37));
    cols[2].push(DEPARTMENTS[i % DEPARTMENTS.length]!);
    cols[3].push(TYPES[i % TYPES.length]!);
    cols[4].push(`${2005 + (i % 20)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`);
    cols[5].push(200_000 + (i % 50) * 10_000);
  }
  await ctx.sql(
    `insert into employees (company_id, name, cpf, department, contract_type, admission_date, salary_cents)
     select $1, n, c, d, t, a::date, s from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[]) as x(n, c, d, t, a, s)`,
    [companyId, ...cols],
  );
  await ctx.sql('analyze employees');

  const times: number[] = [];
  let error = '';
  for (let i = 0; i < SAMPLES + 5 && !error; i++) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/rh/employees`, { headers: { cookie } });
    const body = (await res.json()) as { employees?: unknown[]; total?: number; error?: string };
    const ms = performance.now() - t0;
    if (!res.ok || body.employees?.length !== 50 || body.total !== EMPLOYEES) error = `${res.status} ${body.error ?? `${body.employees?.length} de ${body.total}`}`;
    if (i >= 5) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
  const p50 = times[Math.floor(times.length / 2)] ?? Number.NaN;
  return [
    {
      name: `employees list ${EMPLOYEES.toLocaleString('en-US')} p95`,
      value: error ? `erro: ${error}` : `${p95.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms, first page of 50 with the total)`,
      target: '≤ 50 ms',
      ok: !error && p95 <= 50,
    },
  ];
}
