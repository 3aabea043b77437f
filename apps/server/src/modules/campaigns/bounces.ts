import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { RateRule } from '../../http/rate-limit.ts';
import { rateLimits } from '../../platform/rate-limits.ts';
import { serverState } from '../../platform/module.ts';
import { clientAddressKey } from '../../platform/net/addresses.ts';
import type { Services } from '../../services.ts';
import { verifySender, type InboundSession, type SenderVerdict } from './inbound-check.ts';
import { recordEmailReply } from './replies.ts';
import { hardBounce, recipientOf, unsubscribe } from './tracking.ts';

/**
 * A delivery status notification's verdict: hard (5.x.x or Action: failed), soft (4.x.x,
 * delayed) or not a DSN at all.
 */
export function dsnVerdict(text: string): { hard: boolean; reason: string } | null {
  const status = /^Status:\s*([245])\.(\d{1,3})\.(\d{1,3})/im.exec(text);
  const action = /^Action:\s*(\w+)/im.exec(text)?.[1]?.toLowerCase();
  const diagnostic = /^Diagnostic-Code:\s*(.+)$/im.exec(text)?.[1]?.trim();
  if (!status && !action) return null;
  const hard = status ? status[1] === '5' : action === 'failed';
  return { hard, reason: diagnostic ?? (status ? `Status ${status[1]}.${status[2]}.${status[3]}` : 'Devolvido') };
}

/**
 * Limits of the inbound SMTP (decision 0352), in PostgreSQL like the platform's: per recipient
 * token (its bounce, reply and unsubscribe addresses together) and, for replies, which are
 * forwarded, per sending address (IPv6 by /64). Over a limit the recipient is answered 451: a
 * real server keeps the message and tries again later.
 */
export const INBOUND_RULES = {
  perToken: { window: 3600, max: 10 },
  repliesPerAddress: { window: 3600, max: 60 },
} satisfies Record<string, RateRule>;

const VERP = /^(bounce|unsubscribe|reply)\+([0-9a-f]{52})@/i;
// SMTP answers stay ASCII.
const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** What the inbound SMTP does with one message, by its VERP address (decision 0254). */
export async function handleInbound(s: Services, rcpt: string[], raw: Buffer, session: InboundSession) {
  const parsed = await simpleParser(raw);
  let verdict: SenderVerdict | null = null;
  const parts = [parsed.text ?? '', ...parsed.attachments.filter((a) => /delivery-status/i.test(a.contentType)).map((a) => a.content.toString('utf8'))].join('\n');
  for (const to of rcpt) {
    const m = VERP.exec(to);
    if (!m) continue;
    const token = m[2]!.toLowerCase();
    const kind = m[1]!.toLowerCase();
    if (kind === 'reply') {
      // A DSN about a reply address is not a reply; a forwarding failure is temporary (the sender's server retries).
      if (parsed.attachments.some((a) => /delivery-status/i.test(a.contentType))) continue;
      const found = await recipientOf(s, token).catch(() => null);
      if (!found) continue;
      verdict ??= await verifySender(s, raw, session);
      if (verdict.reject) throw smtpError(550, 'Message refused by the DMARC policy of the sender domain');
      await recordEmailReply(s, token, parsed, raw, verdict).catch((e) => {
        throw Object.assign(new Error(`Falha temporária ao encaminhar a resposta: ${(e as Error).message}`), { responseCode: 451 });
      });
    } else if (kind === 'unsubscribe') await unsubscribe(s, token).catch(() => {});
    else {
      const verdict = dsnVerdict(parts);
      if (verdict?.hard) await hardBounce(s, token, verdict.reason).catch(() => {});
    }
  }
}

/** The inbound SMTP for bounces, mailto unsubscribes and replies (decision 0300), on BOUNCE_SMTP_PORT (off when unset). */
export async function startBounceServer(s: Services) {
  const port = s.cfg.BOUNCE_SMTP_PORT;
  if (port === undefined) return;
  const limits = rateLimits(s);
  const overLimit = async (address: string, remote: string) => {
    const [, kind, token] = VERP.exec(address)!;
    if (!(await limits.consume(`inbound:token:${token!.toLowerCase()}`, INBOUND_RULES.perToken)).allowed) return true;
    if (kind!.toLowerCase() !== 'reply') return false;
    return !(await limits.consume(`inbound:reply:${clientAddressKey(remote)}`, INBOUND_RULES.repliesPerAddress)).allowed;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    // Replies may carry attachments (decision 0300).
    size: 25 * 1024 * 1024,
    logger: false,
    onRcptTo(address, session, cb) {
      if (VERP.test(address.address)) {
        overLimit(address.address, session.remoteAddress).then(
          (over) => cb(over ? smtpError(451, 'Too many messages for this address, try again later') : undefined),
          () => cb(smtpError(451, 'Temporary failure, try again later')),
        );
        return;
      }
      return cb(Object.assign(new Error('Destinatário desconhecido'), { responseCode: 550 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        handleInbound(s, session.envelope.rcptTo.map((r) => r.address), Buffer.concat(chunks), inboundSession(session)).then(
          () => cb(),
          (e) => cb(e as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, s.cfg.HOST, () => resolve());
  });
  serverState(s, 'campaigns.bounceServer', () => ({ server })).server = server;
}

const inboundSession = (session: SMTPServerSession): InboundSession => ({
  ip: session.remoteAddress,
  helo: session.hostNameAppearsAs || session.clientHostname || session.remoteAddress,
  mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
});

export async function stopBounceServer(s: Services) {
  const state = s.state.get('campaigns.bounceServer') as { server: SMTPServer } | undefined;
  if (state) await new Promise<void>((r) => state.server.close(() => r()));
}

/** The port it listens on (tests use port 0). */
export const bounceServerPort = (s: Services): number | null => {
  const state = s.state.get('campaigns.bounceServer') as { server: { server: { address(): unknown } } } | undefined;
  const addr = state?.server.server.address() as { port: number } | null | undefined;
  return addr?.port ?? null;
};
