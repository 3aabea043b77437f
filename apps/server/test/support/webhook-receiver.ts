import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A company's webhook receiver on 127.0.0.1 (decision 0652's tests and bench): it keeps every
 * request it got (headers, raw body, arrival time) and answers what `respond` says (status,
 * body, a delay to play a slow or silent endpoint). `verify(secret)` checks a request's signature
 * with the Standard Webhooks library, as a receiver would.
 */
export type ReceivedWebhook = { path: string; headers: Record<string, string>; body: string; at: number };
export type ReceiverAnswer = { status: number; body?: string; delayMs?: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer (default 204); `n` counts the requests from 0. */
  respond: (r: ReceivedWebhook, n: number) => ReceiverAnswer;
  /** The JSON payload of a request, after verifying its signature with `secret` (throws if it does not verify). */
  verify: (r: ReceivedWebhook, secret: string) => { type: string; timestamp: string; data: Record<string, unknown> };
  close: () => Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const receiver: WebhookReceiver = {
    url: '',
    received,
    respond: () => ({ status: 204 }),
    verify: (r, secret) => new Webhook(secret).verify(r.body, r.headers) as ReturnType<WebhookReceiver['verify']>,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedWebhook = { path: req.url ?? '/', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const n = received.length;
      received.push(r);
      const answer = receiver.respond(r, n);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
