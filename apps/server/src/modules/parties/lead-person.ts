import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { isSuppressed } from './suppression.ts';

const P = schema.people;

/** How a person is reached, as an area hands it to parties. */
export type ContactFields = {
  name: string;
  email: string | null;
  /** Digits only (DDD + number). */
  phone: string | null;
};

export type LeadPersonInput = ContactFields & {
  organizationId: string | null;
  /** Prospecting's leads: legitimate interest; a site's form (decision 0644): the consent it collected. */
  legalBasis: 'legitimo_interesse' | 'consentimento';
  legalBasisSource: string;
  /** What a new person's record notes (a form's message); an existing person keeps theirs. */
  notes?: string | null;
};

/**
 * The company's live person with this e-mail, else with this phone, else a new one carrying the
 * LGPD legal basis and its source (prospecting, decision 0207). A suppressed e-mail or phone
 * (erased, opted out) gives null: such a contact is never entered again.
 */
export async function findOrCreatePersonByContact(s: Services, t: Tenant, input: LeadPersonInput): Promise<{ id: string; created: boolean } | null> {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone && /^\d{10,11}$/.test(input.phone) ? input.phone : null;
  if (!email && !phone) return null;
  if (email && (await isSuppressed(s, t, { email }))) return null;
  if (phone && (await isSuppressed(s, t, { phone }))) return null;
  const live = and(eq(P.companyId, t.companyId), isNull(P.deletedAt));
  if (email) {
    const [row] = await t.db.select({ id: P.id }).from(P).where(and(live, sql`${P.emails} @> ARRAY[${email}]::text[]`)).limit(1);
    if (row) return { id: row.id, created: false };
  }
  if (phone) {
    const [row] = await t.db.select({ id: P.id }).from(P).where(and(live, sql`${P.phones} @> ARRAY[${phone}]::text[]`)).limit(1);
    if (row) return { id: row.id, created: false };
  }
  const [row] = await t.db
    .insert(P)
    .values({
      companyId: t.companyId,
      createdBy: t.actorId,
      name: input.name.slice(0, 200),
      emails: email ? [email] : [],
      phones: phone ? [phone] : [],
      organizationId: input.organizationId,
      notes: input.notes || null,
      legalBasis: input.legalBasis,
      legalBasisSource: input.legalBasisSource,
      legalBasisAt: sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`,
    })
    .returning({ id: P.id });
  await announce(t.db, { companyId: t.companyId, entity: 'person', id: row!.id });
  return { id: row!.id, created: true };
}
