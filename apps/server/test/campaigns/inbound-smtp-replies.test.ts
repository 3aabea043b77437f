import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounceServerPort } from '../../src/modules/campaigns/bounces.ts';
import { smtpText } from '../../src/modules/campaigns/smtp-text.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BOUNCE_SMTP_PORT: '0', BOUNCE_DOMAIN: 'retorno.exemplo.com.br' });
});
afterAll(async () => {
  await server?.stop();
});

/** Speaks SMTP on a raw socket and answers the reply to the last command, byte for byte. */
async function dialogue(port: number, commands: string[]): Promise<Buffer> {
  const socket = net.connect(port, '127.0.0.1');
  const replies: Buffer[] = [];
  let pending: ((b: Buffer) => void) | null = null;
  let buffer: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    // A reply ends with a line whose code is followed by a space ("250 ok"), not a dash ("250-…").
    const text = buffer.toString('latin1');
    if (/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(text)) {
      const done = buffer;
      buffer = Buffer.alloc(0);
      if (pending) pending(done);
      else replies.push(done);
    }
  });
  const next = () =>
    new Promise<Buffer>((resolve) => {
      if (replies.length) return resolve(replies.shift()!);
      pending = (b) => {
        pending = null;
        resolve(b);
      };
    });
  await next(); // greeting
  let last: Buffer = Buffer.alloc(0);
  for (const command of commands) {
    socket.write(`${command}\r\n`);
    last = await next();
  }
  socket.end('QUIT\r\n');
  return last;
}

describe('the inbound SMTP replies', () => {
  it('refuses an unknown recipient with a 550 in plain ASCII (no mojibake at the sender)', async () => {
    const reply = await dialogue(bounceServerPort(server.services)!, ['EHLO mx.exemplo.com.br', 'MAIL FROM:<a@exemplo.com.br>', 'RCPT TO:<ninguem@retorno.exemplo.com.br>']);
    expect(reply.toString('latin1')).toMatch(/^550 /);
    expect([...reply].every((byte) => byte < 0x80)).toBe(true);
    expect(reply.toString('ascii')).toContain('Destinatario desconhecido');
  });

  it('any reply text is made ASCII: accents dropped, other characters replaced', () => {
    expect(smtpText('Falha temporária ao encaminhar — tente já')).toBe('Falha temporaria ao encaminhar ? tente ja');
  });
});
