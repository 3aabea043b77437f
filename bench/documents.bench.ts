/**
 * Documents (decisions 0283 and 0286).
 *
 * 1. "documents: keystroke to the other client p95": two WebSocket clients (y-protocols over
 *    /api/documents/:id/sync, the session cookie) on one document; one types a character, the
 *    time until the other's Y.Doc has it (the server stores the update, applies, relays).
 *    Sequential, after a warm-up; target ≤ 100 ms.
 * 2. "documents: save a 50-page document p95": PUT /api/documents/:id/content with the JSON of
 *    a 50-page document (600 paragraphs, ~170 KB of text), sequential by revision; target ≤ 50 ms.
 * BENCH_DOCUMENTS_KEYS and BENCH_DOCUMENTS_SAVES shrink it while iterating.
 */
import { connected } from '../apps/server/test/documents/sync-client.ts';
import type { BenchContext, BenchRow } from './types.ts';

const KEYS = Number(process.env.BENCH_DOCUMENTS_KEYS ?? 300);
const SAVES = Number(process.env.BENCH_DOCUMENTS_SAVES ?? 100);
const TARGET_KEY_P95 = 100;
const TARGET_SAVE_P95 = 50;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** About a page: 12 paragraphs of ~280 characters. */
function fiftyPages(round: number) {
  const words = 'a empresa revisa o procedimento operacional padrão de abertura da loja conferindo caixa estoque e limpeza antes das oito horas'.split(' ');
  const paragraph = (i: number) => Array.from({ length: 45 }, (_, k) => words[(i + k) % words.length]).join(' ');
  const content = [];
  for (let page = 0; page < 50; page++) {
    content.push({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: `Seção ${page + 1}` }] });
    for (let p = 0; p < 12; p++) content.push({ type: 'paragraph', content: [{ type: 'text', text: `${paragraph(page * 12 + p)} (${round})` }] });
  }
  return { type: 'doc', content };
}

export default async function documentsBench(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.documents.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  await ctx.seedCompany(email, { name: 'Documentos Bench Ltda' });
  const create = async (title: string, content: unknown) => {
    const res = await fetch(`${ctx.baseUrl}/api/documents`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ title, visibility: 'empresa', content }) });
    if (res.status !== 201) throw new Error(`POST /api/documents: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; revision: number };
  };

  // 1. Keystrokes between two clients.
  const shared = await create('Ata compartilhada', { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Início' }] }] });
  const jar = { cookie };
  const origin = ctx.baseUrl;
  const one = await connected(ctx.baseUrl, shared.id, jar, origin);
  const two = await connected(ctx.baseUrl, shared.id, jar, origin);
  const keystroke = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const timeout = setTimeout(() => reject(new Error('keystroke not relayed within 5 s')), 5000);
      two.doc.once('update', () => {
        clearTimeout(timeout);
        resolve(performance.now() - t0);
      });
      one.key('x');
    });
  for (let i = 0; i < 20; i++) await keystroke();
  const keys: number[] = [];
  for (let i = 0; i < KEYS; i++) keys.push(await keystroke());
  const sameText = one.text() === two.text();
  one.close();
  two.close();
  await Promise.all([one.closed, two.closed]);

  // 2. Saving a 50-page document through the endpoint.
  const big = await create('Manual de 50 páginas', fiftyPages(0));
  let revision = big.revision;
  const bytes = JSON.stringify({ content: fiftyPages(0), revision }).length;
  const saves: number[] = [];
  for (let i = 1; i <= SAVES + 5; i++) {
    const body = JSON.stringify({ content: fiftyPages(i), revision });
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/documents/${big.id}/content`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json', origin }, body });
    const text = await res.text();
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`PUT content: ${res.status} ${text}`);
    revision = (JSON.parse(text) as { revision: number }).revision;
    if (i > 5) saves.push(took);
  }

  const keyP95 = pct(keys, 95);
  const saveP95 = pct(saves, 95);
  return [
    { name: 'keystroke to the other client p95', value: ms(keyP95), target: `≤ ${TARGET_KEY_P95} ms`, ok: keyP95 <= TARGET_KEY_P95 },
    { name: 'keystroke to the other client p50', value: ms(pct(keys, 50)) },
    { name: 'both clients end with the same text', value: String(sameText), target: 'true', ok: sameText },
    { name: 'save a 50-page document p95', value: ms(saveP95), target: `≤ ${TARGET_SAVE_P95} ms`, ok: saveP95 <= TARGET_SAVE_P95 },
    { name: '50-page document body', value: `${Math.round(bytes / 1024)} KB, ${SAVES} saves` },
  ];
}
