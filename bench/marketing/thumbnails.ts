/**
 * The materials library's thumbnails (decision 0339): "marketing: thumbnails" —
 * 200 JPEGs of 3 MP (2000×1500, photo-like noise, ~1–2 MB each) uploaded to the library over
 * HTTP, 4 at a time like a browser, after a first round of 4 that warms the server up (not timed),
 * timed from the first byte sent until every one of them has
 * its 320 px WebP thumbnail in the database (the platform makes an image's thumbnail with sharp
 * before it answers). Target ≥ 20 images/s. BENCH_MARKETING_IMAGES shrinks it while iterating.
 */
import sharp from 'sharp';
import { cpuSeconds, serverPid } from '../lib/server-cpu.ts';
import type { BenchContext, BenchRow } from '../types.ts';

const IMAGES = Number(process.env.BENCH_MARKETING_IMAGES ?? 200);
const DISTINCT = 10;
const CONCURRENCY = 4;
const TARGET_PER_SECOND = 20;

/** Photo-like JPEGs (noise over a colour): ten distinct ones, sent in turn. */
async function photos(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < DISTINCT; i++) {
    const noise = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 100 + i * 10, sigma: 40 } } })
      .png()
      .toBuffer();
    out.push(await sharp(noise).tint({ r: 40 + i * 20, g: 200 - i * 15, b: 120 }).jpeg({ quality: 85 }).toBuffer());
  }
  return out;
}

export async function thumbnailRows(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.marketing.thumbs.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Agência Miniaturas Ltda' });
  const clients = await fetch(`${ctx.baseUrl}/api/marketing/clients`, { headers: { cookie } });
  if (clients.status !== 200) throw new Error(`GET /api/marketing/clients: ${clients.status} ${await clients.text()}`);
  const clientId = ((await clients.json()) as { clients: Array<{ id: string; isOwn: boolean }> }).clients.find((c) => c.isOwn)!.id;
  const images = await photos();
  const bytes = images.reduce((n, b) => n + b.length, 0) / images.length;

  const failures: string[] = [];
  // The same few photos again and again, on purpose: kept, not asked about as repeats (decision 0393).
  const upload = async (i: number, name: string) => {
    const res = await fetch(`${ctx.baseUrl}/api/marketing/materials?clientId=${clientId}&tags=bench&onDuplicate=keep`, {
      method: 'POST',
      headers: { cookie, origin: ctx.baseUrl, 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent(name) },
      body: new Uint8Array(images[i % DISTINCT]!),
    });
    if (res.status !== 201) failures.push(`${res.status} ${await res.text()}`);
    else await res.arrayBuffer();
  };
  // Not timed: one round of uploads first, as any benchmark warms up (the server's first image
  // loads sharp, ~0.2 s, and its code paths are cold); their thumbnails exist before the clock starts.
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => upload(i, `Aquecimento ${i + 1}.jpg`)));
  const warmed = CONCURRENCY - failures.length;

  let next = 0;
  const pid = serverPid(ctx.dataDir);
  const cpuBefore = cpuSeconds(pid);
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < IMAGES; i = next++) await upload(i, `Foto ${i + 1}.jpg`);
    }),
  );
  // Every image's thumbnail exists (poll: a thumbnail made later than its answer would count here too).
  let done = 0;
  for (;;) {
    const [row] = await ctx.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM files WHERE company_id = $1 AND entity_type = 'marketing_material' AND thumbnail_key IS NOT NULL AND deleted_at IS NULL",
      [companyId],
    );
    done = row!.n - warmed;
    if (done >= IMAGES - failures.length || performance.now() - started > 120_000) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = done / seconds;
  const cpuAfter = cpuSeconds(pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const cpuPerImage = cpuBefore !== null && cpuAfter !== null && done ? ((cpuAfter - cpuBefore) / done) * 1000 : null;
  return [
    {
      name: `thumbnails (${IMAGES} JPEGs of 3 MP)`,
      value: `${rate.toFixed(1)} images/s (${done}/${IMAGES} of ${(bytes / 1024 / 1024).toFixed(1)} MB, 3 MP, in ${seconds.toFixed(1)} s, ${CONCURRENCY} uploads at a time)`,
      target: `≥ ${TARGET_PER_SECOND} images/s`,
      ok: failures.length === 0 && done === IMAGES && rate >= TARGET_PER_SECOND,
    },
    // For information: the server's own CPU per image (upload, sniffing, hashing, storage, sharp, rows), which a busy machine does not inflate.
    ...(cpuPerImage !== null ? [{ name: 'thumbnails, server CPU per image', value: `${cpuPerImage.toFixed(0)} ms (≈ ${(1000 / cpuPerImage).toFixed(0)} images/s per free core)` }] : []),
    // The uploading client shares the machine's two cores with the server and PostgreSQL.
    ...(done ? [{ name: 'thumbnails, bench client CPU per image', value: `${((clientCpu.user + clientCpu.system) / 1000 / done).toFixed(0)} ms` }] : []),
    ...(failures.length ? [{ name: 'thumbnails failures', value: `${failures.length}: ${failures[0]}`, ok: false }] : []),
  ];
}
