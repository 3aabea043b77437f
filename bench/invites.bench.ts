/**
 * Sending 20 invitations the way /team-invite does: one POST /api/invitations after the other.
 * Target: every result is back within 3 s. Each invitation must be stored and its e-mail job
 * queued (same transaction) before it counts; delivery itself runs on pg-boss and is reported.
 */
import type { BenchContext, BenchRow } from './types.ts';

const COUNT = 20;
const TARGET_TOTAL_MS = 3000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export default async function invitesBench(ctx: BenchContext): Promise<BenchRow[]> {
  const tag = Date.now().toString(36);
  const adminEmail = `bench.invites.${tag}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(adminEmail);
  const cnpj = String(Date.now()).padStart(14, '3').slice(-14);
  const company = { id: await ctx.seedCompany(adminEmail, { name: 'Bench Convites Ltda', cnpj }) };
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === company!.id) break;
    await new Promise((r) => setTimeout(r, 50));
  }

  const emails = Array.from({ length: COUNT }, (_, i) => `bench.convidado.${tag}.${i}@exemplo.com.br`);
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  for (const email of emails) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/invitations`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: ctx.baseUrl },
      body: JSON.stringify({ email, role: 'vendas' }),
    });
    const body = (await res.json()) as { success?: boolean };
    latencies.push(performance.now() - t0);
    if (res.status !== 201 || !body.success) failures++;
  }
  const totalMs = performance.now() - started;

  // "Sent" = stored and queued: every row has its job (both written in one transaction).
  const [stored] = await ctx.sql<{ rows: number; jobs: number }>(
    `SELECT count(*)::int AS rows,
            (SELECT count(*)::int FROM pgboss.job j WHERE j.name = 'invitation-email' AND (j.data->>'invitationId')::uuid IN
               (SELECT id FROM company_invitations WHERE company_id = $1)) AS jobs
       FROM company_invitations WHERE company_id = $1`,
    [company!.id],
  );

  // Delivery (informative): all 20 e-mails in the dev mailbox.
  const deliveryStart = performance.now();
  let delivered = 0;
  for (let i = 0; i < 200 && delivered < COUNT; i++) {
    const [row] = await ctx.sql<{ n: number }>(`SELECT count(*)::int AS n FROM dev_mailbox WHERE "to" = ANY($1)`, [emails]);
    delivered = row!.n;
    if (delivered < COUNT) await new Promise((r) => setTimeout(r, 50));
  }
  const deliveredMs = performance.now() - deliveryStart + totalMs;

  return [
    {
      name: `${COUNT} invitations sent one after the other (as /team-invite does)`,
      value: `${Math.round(totalMs)} ms total; per request p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms; ${failures} failed`,
      target: `all results ≤ ${TARGET_TOTAL_MS} ms`,
      ok: totalMs <= TARGET_TOTAL_MS && failures === 0,
    },
    {
      name: 'stored invitations / queued e-mail jobs',
      value: `${stored!.rows} / ${stored!.jobs}`,
      target: `${COUNT} / ${COUNT}`,
      ok: stored!.rows === COUNT && stored!.jobs === COUNT,
    },
    { name: `all ${COUNT} e-mails delivered (pg-boss → mailbox), from the first send`, value: delivered === COUNT ? `${Math.round(deliveredMs)} ms` : `only ${delivered} after 10 s`, ok: delivered === COUNT },
  ];
}
