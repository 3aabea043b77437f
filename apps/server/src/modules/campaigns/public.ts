import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { Tenant } from '../../services.ts';

/** What other modules may use of the campaigns: their dates on the marketing calendar. */
export type CampaignOnCalendar = { id: string; name: string; channel: 'email' | 'whatsapp'; status: string; scheduledAt: Date };

/**
 * The marketing calendar (decision 0328): the company's scheduled and sent campaigns (scheduled,
 * sending, paused, sent; not drafts nor canceled) whose `scheduled_at` (set when a campaign is
 * scheduled or sent now) falls in [from, to), by date. Index `campaigns_company_scheduled_at_idx`.
 */
export async function campaignsInRange(t: Pick<Tenant, 'db' | 'companyId'>, from: Date, to: Date, channels?: ReadonlyArray<'email' | 'whatsapp'>): Promise<CampaignOnCalendar[]> {
  if (channels && !channels.length) return [];
  const C = schema.campaigns;
  const rows = await t.db
    .select({ id: C.id, name: C.name, channel: C.channel, status: C.status, scheduledAt: C.scheduledAt })
    .from(C)
    .where(and(eq(C.companyId, t.companyId), gte(C.scheduledAt, from), lt(C.scheduledAt, to), inArray(C.status, ['scheduled', 'sending', 'paused', 'sent']), channels ? inArray(C.channel, [...channels]) : undefined))
    .orderBy(asc(C.scheduledAt), asc(C.id))
    .limit(2_000);
  return rows.map((r) => ({ ...r, channel: r.channel === 'whatsapp' ? 'whatsapp' : 'email', scheduledAt: r.scheduledAt! }));
}
