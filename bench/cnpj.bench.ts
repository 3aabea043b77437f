/**
 * Cached CNPJ lookup (GET /api/cnpj/:cnpj, the fetch-cnpj-data call) through the production
 * server: the cache is prefilled in SQL, so no outside call is made. 50 connections, rotating
 * over 50 CNPJs (not one: simultaneous lookups of one CNPJ share a single run, which would
 * flatter the figure). Target: p99 ≤ 10 ms, no error.
 */
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import autocannon from './lib/autocannon.ts';
import { cpuSeconds, serverPid } from './lib/server-cpu.ts';
import type { BenchContext, BenchRow } from './types.ts';

const TARGET_P99_MS = 10;
const CONNECTIONS = 50;
const CNPJS = 50;
const DURATION_S = Number(process.env.BENCH_CNPJ_DURATION ?? process.env.BENCH_DURATION ?? 10);

function run(ctx: BenchContext, cookie: string, cnpjs: string[], duration: number) {
  // One request object per CNPJ: each connection cycles through them (GET /api/cnpj/:cnpj).
  const options = {
    url: ctx.baseUrl,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    headers: { cookie },
    requests: cnpjs.map((cnpj) => ({ method: 'GET', path: `/api/cnpj/${cnpj}` })),
  };
  return autocannon(options as Parameters<typeof autocannon>[0]);
}

export default async function cnpjBench(ctx: BenchContext): Promise<BenchRow[]> {
  const cookie = await ctx.signUpConfirmed(`bench.cnpj.${Date.now()}@exemplo.com.br`);
  const cnpjs = Array.from({ length: CNPJS }, () => generateCnpj());
  for (const cnpj of cnpjs) {
    const record = {
      cnpj,
      razao_social: 'BENCH COMERCIO DE PAES LTDA',
      nome_fantasia: 'PADARIA BENCH',
      telefone: '1130405060',
      email: null,
      logradouro: 'RUA DAS ACACIAS',
      numero: '123',
      bairro: 'JARDIM PRIMAVERA',
      municipio: 'SAO PAULO',
      uf: 'SP',
      cep: '04571000',
      api_used: 'brasilapi',
      situacao: 'ATIVA',
      atividade_principal: '1091-1/02 - Fabricação de produtos de padaria e confeitaria com predominância de produção própria',
      data_abertura: '2019-03-15',
    };
    await ctx.sql(
      `INSERT INTO cnpj_lookup_cache (cnpj, provider, data, expires_at) VALUES ($1, 'brasilapi', $2::jsonb, now() + interval '30 days')
       ON CONFLICT (cnpj) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
      [cnpj, JSON.stringify(record)],
    );
  }
  // Correctness first: the answer is the cached record, masked input accepted.
  const masked = cnpjs[0]!.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  const probe = await fetch(`${ctx.baseUrl}/api/cnpj/${encodeURIComponent(masked)}`, { headers: { cookie } });
  const body = (await probe.json()) as { cnpj?: string; razao_social?: string };
  const probeOk = probe.status === 200 && body.cnpj === cnpjs[0] && body.razao_social === 'BENCH COMERCIO DE PAES LTDA';

  await run(ctx, cookie, cnpjs, 2); // warm-up: JIT, caches, pool
  const pid = serverPid(ctx.dataDir);
  const cpuBefore = cpuSeconds(pid);
  const r = await run(ctx, cookie, cnpjs, DURATION_S);
  const cpuAfter = cpuSeconds(pid);
  const errors = r.non2xx + r.errors + r.timeouts;
  // The server's own CPU per answer, which other work on the machine does not inflate (decision 0763).
  const cpuPerRequest = cpuBefore !== null && cpuAfter !== null && r.requests.total ? ((cpuAfter - cpuBefore) / r.requests.total) * 1e6 : null;
  return [
    { name: 'cached lookup answers the cached record', value: probeOk ? 'yes' : `no (${probe.status})`, target: 'yes', ok: probeOk },
    {
      name: `cached lookup, ${CONNECTIONS} conn, ${DURATION_S} s`,
      value: `${Math.round(r.requests.average).toLocaleString('en-US')} req/s, p50 ${r.latency.p50} ms${errors ? ` (${errors} errors)` : ''}`,
      ok: errors === 0,
    },
    ...(cpuPerRequest !== null ? [{ name: 'cached lookup, server CPU per answer', value: `${cpuPerRequest.toFixed(0)} µs` }] : []),
    { name: 'cached lookup p99', value: `${r.latency.p99} ms`, target: `≤ ${TARGET_P99_MS} ms`, ok: r.latency.p99 <= TARGET_P99_MS },
  ];
}
