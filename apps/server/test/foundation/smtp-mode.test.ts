import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type Received = { from: string; to: string[]; data: string };

/** Just enough SMTP for nodemailer (no TLS, no auth) to hand over a message on loopback. */
function startFakeSmtp() {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (cmd === 'MAIL') (current.from = line), socket.write('250 OK\r\n');
        else if (cmd === 'RCPT') current.to.push(line), socket.write('250 OK\r\n');
        else if (cmd === 'DATA') (inData = true), socket.write('354 go ahead\r\n');
        else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise<{ port: number; received: Received[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        received,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Sede <nao-responda@sede.test>' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe('with SMTP_URL set', () => {
  it('the dev mailbox endpoints do not exist (JSON 404)', async () => {
    for (const p of ['/api/dev/mailbox', '/api/dev/mailbox?to=a@b.com', '/api/dev/mailbox/00000000-0000-0000-0000-000000000000']) {
      const res = await server.request(p);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
    const config = (await (await server.request('/api/config')).json()) as { devMailbox: boolean };
    expect(config.devMailbox).toBe(false);
  });

  it('sends the confirmation e-mail by SMTP, in text and HTML, and keeps nothing in the mailbox table', async () => {
    const email = `smtp.${Date.now()}@exemplo.com.br`;
    const res = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'segredo123', name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza', callbackURL: '/email-confirmed' },
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.to.some((t) => t.includes(email))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mail = smtp.received.find((m) => m.to.some((t) => t.includes(email)));
    expect(mail).toBeDefined();
    expect(mail!.from).toContain('nao-responda@sede.test');
    expect(mail!.data).toMatch(/Subject: =\?UTF-8\?|Subject: Confirme seu e-mail no Sede/);
    expect(mail!.data).toContain('text/plain');
    expect(mail!.data).toContain('text/html');
    const { rows } = await server.services.pool.query('SELECT count(*)::int AS n FROM dev_mailbox');
    expect(rows[0].n).toBe(0);
  });
});
