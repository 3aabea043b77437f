/**
 * Electronic signature (decisions 0550–0554, 0630), rows "signatures: …":
 * - sealing a 20-page PDF with its certificate of completion, in process: p95 ≤ 500 ms;
 * - the signing page /assinar/:token's first-load JavaScript in Chromium, gzip -9: ≤ 120 KB;
 * - 200 concurrent signers on 200 envelopes through the HTTP API: all signed, 0 errors, the sign request p95 ≤ 2 s;
 *   then completion → sealed (the sealing job, decision 0623): all sealed once, p95 ≤ 120 s.
 */
import type { BenchContext, BenchRow } from './types.ts';
import { sender } from './signatures/envelopes.ts';
import { firstLoad } from './signatures/first-load.ts';
import { sealing } from './signatures/sealing.ts';
import { concurrentSigners } from './signatures/signers.ts';

/** 200 envelopes set up and signed over HTTP, then sealed by the job: about 4 minutes on a loaded 2-core machine. */
export const timeoutSeconds = 600;

export default async function signaturesBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows = await sealing();
  const legal = await sender(ctx);
  rows.push(...(await firstLoad(legal)));
  rows.push(...(await concurrentSigners(ctx, legal)));
  return rows;
}
