import type { BenchContext, BenchRow } from '../types.ts';

/**
 * The leads' rows (decisions 0205, 0206): one reveal of 500 leads (one paid action: the claim,
 * the ledger debit, the Receita read) ≤ 1 s, and a CSV export of 5,000 leads, revealing them in
 * ten charges, ≤ 5 s. Run against the dataset the plug-in imported.
 */
export async function leadsRows(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `prospecting.leads.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  await ctx.seedCompany(email, { extraCoins: 20_000 });
  const withContact = await ctx.sql<{ cnpj: string }>(
    'SELECT cnpj FROM rf_estabelecimentos WHERE telefone1 IS NOT NULL AND situacao = $1 ORDER BY cnpj LIMIT 5500',
    ['02'],
  );
  const post = async (p: string, body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/prospecting${p}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: ctx.baseUrl },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { ms: performance.now() - t0, ok: res.ok, status: res.status, text, charged: res.headers.get('x-coins-charged') };
  };
  const rows: BenchRow[] = [];
  const reveal = await post('/leads/reveal', { cnpjs: withContact.slice(0, 500).map((r) => r.cnpj) });
  const charged = reveal.ok ? (JSON.parse(reveal.text) as { charged: number }).charged : 0;
  rows.push({
    name: 'reveal 500 leads (one charge)',
    value: reveal.ok ? `${reveal.ms.toFixed(0)} ms, ${charged} coins` : `${reveal.status} ${reveal.text.slice(0, 200)}`,
    target: '≤ 1,000 ms',
    ok: reveal.ok && charged === 500 && reveal.ms <= 1000,
  });
  const exported = await post('/leads/export', { cnpjs: withContact.slice(500, 5500).map((r) => r.cnpj) });
  rows.push({
    name: 'export CSV of 5,000 leads (revealing them)',
    value: exported.ok ? `${exported.ms.toFixed(0)} ms, ${exported.charged} coins, ${(exported.text.length / 1024).toFixed(0)} KB` : `${exported.status} ${exported.text.slice(0, 200)}`,
    target: '≤ 5,000 ms',
    ok: exported.ok && exported.ms <= 5000,
  });
  return rows;
}
