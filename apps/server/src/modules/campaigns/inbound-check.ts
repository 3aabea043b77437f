import type { authenticate as Authenticate } from 'mailauth';
import type { Services } from '../../services.ts';
import { mailDomain } from './compose.ts';

/** Who handed the message to the inbound SMTP: the socket's address, the EHLO name and MAIL FROM. */
export type InboundSession = { ip: string; helo: string; mailFrom: string };

/** Whether the From domain vouched for the message (decision 0352); `reject`: its DMARC policy says to refuse it. */
export type SenderVerdict = { verified: boolean; reject: boolean };

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase().replace(/\.$/, '');
/** Relaxed alignment without a public-suffix list: the same domain, or one a subdomain of the other. */
const aligned = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/**
 * SPF, DKIM and DMARC of an inbound message with mailauth, through the server's DNS (a stub in
 * tests). Verified: DMARC passes, or the domain publishes no DMARC record and a passing DKIM
 * signature or SPF check is aligned with the From domain. A DNS failure leaves it unverified.
 */
export async function verifySender(s: Services, raw: Buffer, session: InboundSession): Promise<SenderVerdict> {
  let result: Awaited<ReturnType<typeof Authenticate>>;
  try {
    // Loaded on the first message: it takes seconds to load and most servers never receive one.
    const { authenticate } = await import('mailauth');
    result = await authenticate(raw, {
      ip: session.ip,
      helo: session.helo,
      sender: session.mailFrom || undefined,
      mta: mailDomain(s),
      resolver: s.dns.resolve,
      disableArc: true,
      disableBimi: true,
    });
  } catch {
    return { verified: false, reject: false };
  }
  const from = result.dkim.headerFrom;
  if (from.length !== 1) return { verified: false, reject: false };
  const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
  if (dmarc === 'pass') return { verified: true, reject: false };
  if (dmarc !== 'none') return { verified: false, reject: dmarc === 'fail' && result.dmarc !== false && result.dmarc.policy === 'reject' };
  const fromDomain = domainOf(from[0]!);
  const dkim = result.dkim.results.some((r) => r.status.result === 'pass' && r.status.aligned);
  const spf = result.spf !== false && result.spf.status.result === 'pass' && aligned(domainOf(result.spf.domain), fromDomain);
  return { verified: dkim || spf, reject: false };
}
