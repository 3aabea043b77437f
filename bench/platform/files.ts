/**
 * Files (decision 0110): a 100 MB upload streams to storage, so the production
 * server's memory must not grow with the file. The server's resident memory (VmRSS from
 * /proc/<pid>/status; the server is found by its DATA_DIR) is sampled every 10 ms during the
 * upload; growth = peak − the level right before it (after a warm-up upload that loads the
 * sniffing and thumbnail code). Target: ≤ 50 MB.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { BenchContext, BenchRow } from '../types.ts';

const SIZE = 100 * 1024 * 1024;
const TARGET_MB = 50;

/** The pid of the server process started with this DATA_DIR. */
function serverPid(dataDir: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmd.includes('apps/server/dist/index.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) return Number(entry);
    } catch {}
  }
  throw new Error(`no server process with DATA_DIR=${dataDir}`);
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** An MP4 header (ftyp isom) then filler, `size` bytes in 1 MB chunks, streamed with backpressure. */
function uploadVideo(baseUrl: string, cookie: string, companyId: string, size: number): Promise<{ status: number; body: string }> {
  const url = new URL(`${baseUrl}/api/files?entityType=company&entityId=${companyId}&kind=video`);
  const block = Buffer.alloc(1024 * 1024, 7);
  const first = Buffer.from(block);
  first.writeUInt32BE(24, 0);
  first.write('ftypisom', 4, 'latin1');
  first.write('isomiso2', 16, 'latin1');
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { cookie, 'content-type': 'video/mp4', 'content-length': String(size), 'x-file-name': 'bench.mp4' } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const chunk = (sent === 0 ? first : block).subarray(0, Math.min(block.length, size - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

export default async function platformFiles(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.files.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Bench Arquivos Ltda', cnpj: Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('') });
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === companyId) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const pid = serverPid(ctx.dataDir);

  // Warm-up: the upload path's code loaded and JIT-compiled.
  const warm = await uploadVideo(ctx.baseUrl, cookie, companyId, 4 * 1024 * 1024);
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  await new Promise((r) => setTimeout(r, 500));

  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 10);
  const t0 = performance.now();
  const res = await uploadVideo(ctx.baseUrl, cookie, companyId, SIZE);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssBytes(pid));
  if (res.status !== 201) throw new Error(`100 MB upload failed: ${res.status} ${res.body}`);
  const file = JSON.parse(res.body) as { id: string; size: number };
  const stored = await ctx.sql<{ size: string }>('SELECT size FROM files WHERE id = $1', [file.id]);
  await fetch(`${ctx.baseUrl}/api/files/${file.id}`, { method: 'DELETE', headers: { cookie } });

  const mb = (b: number) => b / 1024 / 1024;
  const growth = mb(peak - before);
  return [
    {
      name: 'upload 100 MB, server memory growth',
      value: `${growth.toFixed(1)} MB (RSS ${mb(before).toFixed(0)} → peak ${mb(peak).toFixed(0)} MB; ${seconds.toFixed(1)} s, ${(100 / seconds).toFixed(0)} MB/s)`,
      target: `≤ ${TARGET_MB} MB`,
      ok: growth <= TARGET_MB && Number(stored[0]?.size) === SIZE,
    },
  ];
}
