import { Agent, fetch as undiciFetch } from 'undici';
import { devMail } from '../lib/client.ts';
import type { BenchContext, BenchRow } from '../types.ts';
import { contractPdf, type Sender, sentEnvelope } from './envelopes.ts';

const SIGNERS = 200;
const SETUP_CONCURRENCY = 8;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/**
 * 200 signers on 200 envelopes at once, through the real HTTP API as the signing page calls it:
 * open the link, fetch the PDF, ask for the code, read it from the dev mailbox, confirm, sign —
 * which completes and seals each envelope in the signer's request (decision 0552). Each signer
 * comes from a loopback address of their own (127.0.2.1…200), as 200 phones would: the per-address
 * limits of the signing routes count each one apart. Target: every envelope signed and sealed, 0 errors.
 */
export async function concurrentSigners(ctx: BenchContext, s: Sender): Promise<BenchRow[]> {
  const pdf = await contractPdf();
  const tag = Date.now().toString(36);
  const people = Array.from({ length: SIGNERS }, (_, i) => ({ name: `Signatária ${i + 1}`, email: `signataria.${i + 1}.${tag}@exemplo.com.br`, address: `127.0.2.${i + 1}` }));
  const setupStarted = performance.now();
  const envelopes: Array<{ id: string; token: string }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      while (next < people.length) {
        const i = next++;
        envelopes[i] = await sentEnvelope(s, pdf, people[i]!);
      }
    }),
  );
  const setupS = (performance.now() - setupStarted) / 1000;

  const errors: string[] = [];
  const signTimes: number[] = [];
  const started = performance.now();
  await Promise.all(
    people.map(async (person, i) => {
      const agent = new Agent({ localAddress: person.address, connections: 2 });
      const base = `${ctx.baseUrl}/api/public/assinaturas/sign/${envelopes[i]!.token}`;
      const step = async (what: string, url: string, init: { method?: string; json?: unknown } = {}) => {
        const res = await undiciFetch(url, {
          dispatcher: agent,
          method: init.method ?? 'GET',
          headers: { origin: ctx.baseUrl, 'user-agent': 'Mozilla/5.0 (iPhone; bench)', ...(init.json ? { 'content-type': 'application/json' } : {}) },
          body: init.json ? JSON.stringify(init.json) : undefined,
        });
        const body = await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${what} ${res.status} ${Buffer.from(body).toString('utf8').slice(0, 120)}`);
      };
      try {
        await step('view', base);
        await step('document', `${base}/document`);
        await step('code', `${base}/code`, { method: 'POST' });
        const mail = await devMail(ctx.baseUrl, person.email, (m) => m.subject.includes('Seu código para assinar'), 150, 200);
        await step('confirm', `${base}/code/confirm`, { method: 'POST', json: { code: /(\d{6})/.exec(mail.subject)![1] } });
        const t = performance.now();
        await step('sign', `${base}/sign`, { method: 'POST', json: { accept: true, signature: { kind: 'typed', text: person.name } } });
        signTimes.push(performance.now() - t);
      } catch (e) {
        errors.push(`${person.address}: ${(e as Error).message}`);
      } finally {
        await agent.close();
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const [check] = await ctx.sql<{ signed: number; sealed: number }>(
    `SELECT count(*) FILTER (WHERE status = 'assinado')::int AS signed, count(*) FILTER (WHERE final_file_id IS NOT NULL AND final_sha256 IS NOT NULL)::int AS sealed
       FROM signature_envelopes WHERE id = any($1::uuid[])`,
    [envelopes.map((e) => e.id)],
  );
  const ok = errors.length === 0 && check!.signed === SIGNERS && check!.sealed === SIGNERS;
  if (errors.length) console.warn(`signatures: ${errors.length} signer(s) failed, e.g. ${errors.slice(0, 3).join(' | ')}`);
  return [
    {
      name: `${SIGNERS} concurrent signers on ${SIGNERS} envelopes (HTTP: view, PDF, code by e-mail, confirm, sign + seal)`,
      value: `${check!.signed} signed, ${check!.sealed} sealed, ${errors.length} errors in ${elapsedS.toFixed(1)} s; sign request p50 ${percentile(signTimes, 50)?.toFixed(0) ?? '—'} ms, p95 ${percentile(signTimes, 95)?.toFixed(0) ?? '—'} ms`,
      target: `all ${SIGNERS} signed and sealed, 0 errors`,
      ok,
    },
    { name: `setting up ${SIGNERS} envelopes (create, upload, attach, send; ${SETUP_CONCURRENCY} at a time)`, value: `${setupS.toFixed(1)} s` },
  ];
}
