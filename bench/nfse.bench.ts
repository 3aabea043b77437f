import { performance } from 'node:perf_hooks';
import { buildDps, type DpsInput } from '../apps/server/src/modules/finance-nfse/dps.ts';
import { signXml } from '../apps/server/src/platform/certificates/xml-signature.ts';
import { makeA1 } from '../apps/server/test/support/test-certificates.ts';
import type { BenchContext, BenchRow } from './types.ts';

const RUNS = 400;
const TARGET_MS = 30;

/**
 * NFS-e, row "money-in: DPS build + sign p95": building the DPS of a receivable and
 * signing it (XMLDSig RSA-SHA256 with a 2048-bit test A1), in process, after a warm-up. The
 * network call to the Sefin is not part of it (the authority's time is not ours).
 */
export default async function nfseBench(_ctx?: BenchContext): Promise<BenchRow[]> {
  const cert = makeA1({ cnpj: '12345678000195' });
  const input = (n: number): DpsInput => ({
    environment: 'restricted',
    issuedAt: new Date(),
    competence: '2026-12-01',
    serie: '1',
    number: n,
    municipalityCode: '3550308',
    provider: { cnpj: '12345678000195', municipalRegistration: '12345678', regime: 'simples' },
    taker: { document: '11222333000181', name: 'Cliente Tomador Ltda', email: 'financeiro@cliente.com.br' },
    service: { code: '010101', description: 'Desenvolvimento de sistemas sob encomenda — dezembro de 2026', issRate: 2 },
    amountCents: 15_000_00 + n,
    ibsCbs: { cst: '000', classification: '000001' },
  });
  for (let i = 0; i < 30; i++) signXml(buildDps(input(i)).xml, cert, { signed: 'infDPS', into: 'DPS' });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    signXml(buildDps(input(1000 + i)).xml, cert, { signed: 'infDPS', into: 'DPS' });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(RUNS * 0.95)]!;
  return [{ name: 'money-in: DPS build + sign p95', value: `${p95.toFixed(2)} ms (${RUNS} runs, median ${times[RUNS >> 1]!.toFixed(2)} ms)`, target: `≤ ${TARGET_MS} ms`, ok: p95 <= TARGET_MS }];
}
