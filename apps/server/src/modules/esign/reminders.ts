import { and, desc, eq, inArray } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { expireDue } from './envelopes.ts';
import { issueLinks, signersDue } from './sending.ts';

const { signatureEnvelopes: E, signatureSigners: S, signatureEvents: V } = schema;

export const REMINDERS_QUEUE = 'esign-reminders';
/** Every day at 9h (Brasília). */
export const REMINDERS_CRON = '0 9 * * *';

/**
 * The daily reminder (decision 0593): every signer whose turn it is and who has not answered gets
 * a fresh link when the last one they received (sent, resent or reminded) is the envelope's
 * `remindEveryDays` old or more (3 by default; none when null, decision 0620), while the envelope is open. A locked link is left alone (the sender decides to resend). Each
 * reminder is an event of the evidence. Returns how many were sent.
 */
export async function sendReminders(s: Services): Promise<number> {
  const now = s.clock.now();
  const open = await s.db
    .select()
    .from(E)
    .where(inArray(E.status, ['enviado', 'visualizado', 'parcialmente_assinado']));
  let sent = 0;
  for (const e of open) {
    const tenant = systemTenant(s, e.companyId, 'schedule');
    if (e.expiresOn < todayInBrazil(new Date(now))) {
      await expireDue(s, tenant, e.id);
      continue;
    }
    const every = e.remindEveryDays;
    if (every === null) continue;
    const signers = await tenant.db.select().from(S).where(and(eq(S.companyId, e.companyId), eq(S.envelopeId, e.id)));
    const due = signersDue(e.signingOrder, signers.sort((a, b) => a.position - b.position)).filter((x) => !x.locked && (x.status === 'enviado' || x.status === 'visualizado'));
    const stale = [];
    for (const x of due) {
      const [last] = await tenant.db
        .select({ at: V.at })
        .from(V)
        .where(and(eq(V.companyId, e.companyId), eq(V.signerId, x.id), inArray(V.kind, ['sent', 'resent', 'reminded'])))
        .orderBy(desc(V.seq))
        .limit(1);
      if (!last || now - last.at.getTime() >= every * 86_400_000) stale.push(x);
    }
    if (!stale.length) continue;
    await issueLinks(s, tenant, e, stale, 'reminded');
    sent += stale.length;
  }
  return sent;
}
