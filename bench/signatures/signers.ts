import { Agent, fetch as undiciFetch } from 'undici';
import { devMail } from '../lib/client.ts';
import type { BenchContext, BenchRow } from '../types.ts';
import { contractPdf, type Sender, sentEnvelope } from './envelopes.ts';

/** 200 by default; BENCH_SIGNERS=20 while iterating (the targets stay those of 200). */
const SIGNERS = Math.max(1, Math.min(250, Number(process.env.BENCH_SIGNERS) || 200));
const SETUP_CONCURRENCY = 8;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

const SIGN_P95_TARGET_MS = 2000;
const SEALED_P95_TARGET_S = 120;
const SEALED_WAIT_MS = 300_000;

/**
 * 200 signers on 200 envelopes at once, through the real HTTP API as the signing page calls it:
 * open the link, fetch the PDF, ask for the code, read it from the dev mailbox, confirm, sign.
 * The last signature answers at once and queues the seal (decision 0623): the sign request is
 * measured alone, then completion → sealed for each envelope (its answer to the end of its sealing
 * job, as the server recorded it). Each signer comes from a loopback address of their own
 * (127.0.2.1…200), as 200 phones would: the per-address limits of the signing routes count each
 * one apart. Targets: every envelope signed and sealed once, 0 errors; the sign request p95
 * ≤ 2 s; completion → sealed p95 ≤ 120 s while 200 seals queue on one 2-core server.
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
  const answeredAt: number[] = [];
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
        answeredAt[i] = Date.now();
      } catch (e) {
        errors.push(`${person.address}: ${(e as Error).message}`);
      } finally {
        await agent.close();
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const ids = envelopes.map((e) => e.id);
  type Sealed = { id: string; status: string; sealed_at: Date | null; final: boolean; events: number };
  const read = () =>
    ctx.sql<Sealed>(
      `SELECT e.id, e.status, CASE WHEN r.status = 'done' THEN r.updated_at END AS sealed_at, (e.final_file_id IS NOT NULL AND e.final_sha256 IS NOT NULL) AS final,
              (SELECT count(*)::int FROM signature_events v WHERE v.envelope_id = e.id AND v.kind = 'completed') AS events
         FROM signature_envelopes e LEFT JOIN job_runs r ON r.id = e.sealing_run_id WHERE e.id = any($1::uuid[])`,
      [ids],
    );
  let states = await read();
  const waitUntil = Date.now() + SEALED_WAIT_MS;
  while (states.some((x) => x.status === 'finalizando' || (x.status === 'assinado' && !x.sealed_at)) && Date.now() < waitUntil) {
    await new Promise((r) => setTimeout(r, 250));
    states = await read();
  }
  const drainedS = (performance.now() - started) / 1000;
  const byId = new Map(states.map((x) => [x.id, x]));
  const sealedLatencies = envelopes.flatMap((e, i) => {
    const x = byId.get(e.id);
    return x?.sealed_at && answeredAt[i] ? [(x.sealed_at.getTime() - answeredAt[i]!) / 1000] : [];
  });
  const signed = states.filter((x) => x.status === 'assinado').length;
  const sealed = states.filter((x) => x.final && x.events === 1).length;
  const twice = states.filter((x) => x.events > 1).length;
  const signP95 = signTimes.length ? percentile(signTimes, 95) : Number.POSITIVE_INFINITY;
  const sealedP95 = sealedLatencies.length ? percentile(sealedLatencies, 95) : Number.POSITIVE_INFINITY;
  if (errors.length) console.warn(`signatures: ${errors.length} signer(s) failed, e.g. ${errors.slice(0, 3).join(' | ')}`);
  return [
    {
      name: `${SIGNERS} concurrent signers on ${SIGNERS} envelopes (HTTP: view, PDF, code by e-mail, confirm, sign; the seal queued)`,
      value: `${signed} signed, ${errors.length} errors in ${elapsedS.toFixed(1)} s; sign request p50 ${signTimes.length ? percentile(signTimes, 50).toFixed(0) : '—'} ms, p95 ${signTimes.length ? signP95.toFixed(0) : '—'} ms`,
      target: `all ${SIGNERS} signed, 0 errors, sign request p95 ≤ ${SIGN_P95_TARGET_MS} ms`,
      ok: errors.length === 0 && signed === SIGNERS && signP95 <= SIGN_P95_TARGET_MS,
    },
    {
      name: `${SIGNERS} envelopes: completion → sealed (the last signature's answer to the end of its sealing job)`,
      value: `${sealed} sealed once, ${twice} sealed twice; p50 ${sealedLatencies.length ? percentile(sealedLatencies, 50).toFixed(1) : '—'} s, p95 ${sealedLatencies.length ? sealedP95.toFixed(1) : '—'} s, max ${sealedLatencies.length ? Math.max(...sealedLatencies).toFixed(1) : '—'} s; queue drained ${drainedS.toFixed(1)} s after the first signer started`,
      target: `all ${SIGNERS} sealed once, p95 ≤ ${SEALED_P95_TARGET_S} s`,
      ok: sealed === SIGNERS && twice === 0 && sealedP95 <= SEALED_P95_TARGET_S,
    },
    { name: `setting up ${SIGNERS} envelopes (create, upload, attach, send; ${SETUP_CONCURRENCY} at a time)`, value: `${setupS.toFixed(1)} s` },
  ];
}
