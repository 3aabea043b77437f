import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Request bodies under /api are limited to 1 MB (decision 0077). A 200 MB body is refused with a
 * Portuguese 413 while it is still being sent: the server never reads it whole.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const MB = 1024 * 1024;
const TOTAL = 200 * MB;

type Upload = { status: number; body: string; sentWhenAnswered: number };

/** Streams up to 200 MB of JSON whitespace to `path`, stopping as soon as an answer arrives. */
function upload(path: string, opts: { chunked: boolean }): Promise<Upload> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let wakeWriter: (() => void) | null = null;
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(opts.chunked ? {} : { 'content-length': String(TOTAL) }) },
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      wakeWriter?.();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), sentWhenAnswered });
        req.destroy();
      });
    });
    // Once answered, the server may close the socket under the writer: that is expected.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const chunk = Buffer.alloc(MB, 0x20);
    void (async () => {
      while (!answered && sent < TOTAL && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          await new Promise<void>((r) => {
            wakeWriter = r;
            req.once('drain', r);
            req.once('close', r);
          });
          wakeWriter = null;
        }
      }
      if (!answered && !req.destroyed) req.end();
    })();
  });
}

describe('body limit', () => {
  for (const path of ['/api/companies', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/nao-existe']) {
    for (const chunked of [false, true]) {
      it(`a 200 MB ${chunked ? 'chunked' : 'declared'} body to ${path} is a 413 in Portuguese before it is sent`, async () => {
        const before = process.memoryUsage().rss;
        const res = await upload(path, { chunked });
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toEqual({ error: 'O corpo da requisição é grande demais (máximo de 1 MB).', code: 'PAYLOAD_TOO_LARGE' });
        // Answered long before the upload ended, and nothing near 200 MB was held in memory.
        expect(res.sentWhenAnswered).toBeLessThan(32 * MB);
        expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
      });
    }
  }

  it('a body just under 1 MB is read as usual', async () => {
    const body = JSON.stringify({ email: 'grande@exemplo.com.br', password: 'x'.repeat(MB - 100) });
    expect(body.length).toBeLessThan(MB);
    const res = await server.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it('a body just over 1 MB is refused', async () => {
    const body = JSON.stringify({ email: 'grande@exemplo.com.br', password: 'x'.repeat(MB) });
    const res = await server.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
  });

  it('a modest overflow is read to its end before the 413, even from a slow client, so the answer is never lost to a reset', async () => {
    const url = new URL(server.url);
    const total = 3 * MB;
    const result = await new Promise<{ status: number; sentWhenAnswered: number; error?: string }>((resolve) => {
      let sent = 0;
      const req = http.request({ host: url.hostname, port: url.port, path: '/api/companies', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(total) } });
      req.on('response', (res) => {
        const sentWhenAnswered = sent;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, sentWhenAnswered }));
      });
      req.on('error', (e) => resolve({ status: 0, sentWhenAnswered: sent, error: e.message }));
      void (async () => {
        // Half now, a pause longer than any short lingering close, then the rest.
        sent += total / 2;
        req.write(Buffer.alloc(total / 2, 0x20));
        await new Promise((r) => setTimeout(r, 1200));
        sent += total / 2;
        req.end(Buffer.alloc(total / 2, 0x20));
      })();
    });
    expect(result).toEqual({ status: 413, sentWhenAnswered: total });
  });
});
