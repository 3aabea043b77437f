import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Delivery = { from: string; to: string[]; raw: string; parsed: ParsedMail };
export type TestSmtp = {
  url: string;
  port: number;
  deliveries: Delivery[];
  /** Deliveries per recipient address (lower-case). */
  countByRecipient: () => Map<string, number>;
  /** Refuse the next RCPT to these addresses with a permanent 550. */
  reject: Set<string>;
  /** Refuse MAIL FROM these addresses with a 553, as a provider does for a sender it does not authorize. */
  rejectSenders: Set<string>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that parses and keeps every
 * message, for tests and benchmarks of what the campaigns send. `parse: false` keeps only the
 * envelope (fast, for counting thousands).
 */
export async function startTestSmtp(opts: { parse?: boolean } = {}): Promise<TestSmtp> {
  const deliveries: Delivery[] = [];
  const reject = new Set<string>();
  const rejectSenders = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 50,
    onMailFrom(address, _session, cb) {
      if (rejectSenders.has(address.address.toLowerCase())) return cb(Object.assign(new Error('5.7.1 Sender address rejected: not owned by user'), { responseCode: 553 }));
      cb();
    },
    onRcptTo(address, _session, cb) {
      if (reject.has(address.address.toLowerCase())) return cb(Object.assign(new Error('Caixa inexistente'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const parsed = opts.parse === false ? ({} as ParsedMail) : await simpleParser(raw);
        deliveries.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: opts.parse === false ? '' : raw.toString('utf8'),
          parsed,
        });
        cb();
      });
    },
  });
  // A client killed mid-session (kill -9 tests) resets its socket: not an error of the server.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    deliveries,
    reject,
    rejectSenders,
    countByRecipient: () => {
      const m = new Map<string, number>();
      for (const d of deliveries) for (const t of d.to) m.set(t, (m.get(t) ?? 0) + 1);
      return m;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
