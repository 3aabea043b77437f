/**
 * Canvas (decision 0311).
 *
 * 1. "canvas: stroke to the other client p95": two WebSocket clients (y-protocols over
 *    /api/canvas/boards/:id/sync, the session cookie) on one board; one changes an element (a new
 *    version of a rectangle, as Excalidraw writes it after a drag step), the time until the other's
 *    Y.Doc has it (the server stores the update, applies, relays). Sequential, after a warm-up;
 *    target ≤ 200 ms ("a couple hundred ms" between two browsers).
 * 2. "canvas: stored scene follows": after the strokes, the server's scene (the list's preview)
 *    holds the last version within 5 s.
 * BENCH_CANVAS_STROKES shrinks it while iterating.
 */
import type * as Y from 'yjs';
import { CANVAS_YDOC } from '@sede/shared/canvas/schemas';
import { openSyncSocket, type SyncSocket } from '../apps/server/test/support/sync-client.ts';
import type { BenchContext, BenchRow } from './types.ts';

const STROKES = Number(process.env.BENCH_CANVAS_STROKES ?? 300);
const TARGET_P95 = 200;

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

export default async function canvasBench(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.canvas.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  await ctx.seedCompany(email, { name: 'Canvas Bench Ltda' });
  const origin = ctx.baseUrl;
  const res = await fetch(`${ctx.baseUrl}/api/canvas/boards`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin }, body: JSON.stringify({ title: 'Quadro compartilhado' }) });
  if (res.status !== 201) throw new Error(`POST /api/canvas/boards: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const join = async () => {
    const c = await openSyncSocket(ctx.baseUrl, `/api/canvas/boards/${id}/sync`, { cookie }, origin);
    if ('refused' in c) throw new Error(`sync refused with ${c.refused}`);
    await c.synced;
    return c;
  };
  const one: SyncSocket = await join();
  const two: SyncSocket = await join();
  const mine = one.doc.getMap(CANVAS_YDOC.elements);
  const theirs = two.doc.getMap<{ version: number }>(CANVAS_YDOC.elements);
  let version = 0;
  const stroke = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const v = ++version;
      const timeout = setTimeout(() => reject(new Error('stroke not relayed within 5 s')), 5000);
      const seen = (_e: Y.YMapEvent<{ version: number }>) => {
        if (theirs.get('r1')?.version !== v) return;
        theirs.unobserve(seen);
        clearTimeout(timeout);
        resolve(performance.now() - t0);
      };
      theirs.observe(seen);
      mine.set('r1', { id: 'r1', type: 'rectangle', version: v, versionNonce: v * 7919, index: 'a0', x: v % 500, y: 40, width: 120, height: 80, isDeleted: false });
    });
  for (let i = 0; i < 20; i++) await stroke();
  const strokes: number[] = [];
  for (let i = 0; i < STROKES; i++) strokes.push(await stroke());
  one.close();
  two.close();
  await Promise.all([one.closed, two.closed]);

  // The last one out writes the scene.
  let stored = false;
  const t0 = Date.now();
  while (!stored && Date.now() - t0 < 5000) {
    const [row] = await ctx.sql<{ version: number | null }>(`SELECT (scene->'elements'->0->>'version')::int AS version FROM canvas_boards WHERE id = $1`, [id]);
    stored = row?.version === version;
    if (!stored) await new Promise((r) => setTimeout(r, 50));
  }

  const p95 = pct(strokes, 95);
  return [
    { name: 'stroke to the other client p95', value: ms(p95), target: `≤ ${TARGET_P95} ms`, ok: p95 <= TARGET_P95 },
    { name: 'stroke to the other client p50', value: ms(pct(strokes, 50)) },
    { name: 'stored scene has the last stroke', value: String(stored), target: 'true', ok: stored },
  ];
}
