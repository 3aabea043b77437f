import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureFirstLoadInBrowser } from '../lib/browser-size.ts';
import type { BenchRow } from '../types.ts';
import { contractPdf, type Sender, sentEnvelope } from './envelopes.ts';

const TARGET_KB = 120;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The signing page's first load (decision 0630), measured as /auth's cross-check is: Chromium
 * opens a real signing link and waits until the document is drawn; every script it fetched before
 * the page's first idle callback counts, each gzipped at level 9. What loads after (pdf.js) is shown.
 */
export async function firstLoad(s: Sender): Promise<BenchRow[]> {
  const { token } = await sentEnvelope(s, await contractPdf(), { name: 'Maria Conceição', email: `maria.primeira.${Date.now().toString(36)}@exemplo.com.br` });
  const wire = await measureFirstLoadInBrowser(s.baseUrl, `/assinar/${token}`, async (page) => {
    await page.getByRole('heading', { name: /Contrato de Maria/ }).waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="pdf-pages"][data-state="ready"]').waitFor({ timeout: 30_000 });
  });
  if ('skipped' in wire) return [{ name: 'signing page first load', value: `skipped: ${wire.skipped}` }];
  const gzip9 = async (url: string) => gzipSync(Buffer.from(await (await fetch(`${s.baseUrl}${url}`)).arrayBuffer()), { level: 9 }).length;
  const initial = await Promise.all(wire.initial.map(async (f) => ({ ...f, gzip9: await gzip9(f.url) })));
  const total = initial.reduce((t, f) => t + f.gzip9, 0);
  const list = (l: Array<{ url: string; bytes: number }>) => l.map((f) => `${path.basename(f.url)} (${kb(f.bytes)})`).join(', ');
  return [
    { name: '/assinar/:token first-load JavaScript (gzip -9, before first idle, Chromium)', value: `${kb(total)} in ${initial.length} files: ${initial.map((f) => `${path.basename(f.url)} ${kb(f.gzip9)}`).join(', ')}`, target: `≤ ${TARGET_KB} KB`, ok: total <= TARGET_KB * 1024 },
    { name: '/assinar/:token JavaScript once idle (wire): pdf.js, drawn', value: wire.prefetched.length ? list(wire.prefetched) : 'none' },
  ];
}
