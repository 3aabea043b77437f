import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import type { ContactFields } from './lead-person.ts';
import { isSuppressed } from './suppression.ts';

const O = schema.organizations;
const P = schema.people;

export type CustomerInput = ContactFields & {
  /** A CPF (11 digits) or CNPJ (14 digits). */
  document: string | null;
  /** Where the record came from ('Pedido #123 da Nuvemshop'), kept as the LGPD legal basis' source. */
  source: string;
};

/**
 * A store's buyer as the company's party (decision 0681): a CNPJ matches (or becomes) an
 * organization; a CPF, else the e-mail, matches a person; otherwise a new person under the legal
 * basis 'execução de contrato' (the sale). A suppressed e-mail (erased, opted out) is never entered
 * again: such a buyer links to nobody. Runs in the caller's transaction when `t.db` is one.
 */
export async function findOrCreateCustomer(s: Services, t: Tenant, input: CustomerInput): Promise<{ personId: string | null; organizationId: string | null }> {
  const cnpj = input.document?.length === 14 ? input.document : null;
  const cpf = input.document?.length === 11 ? input.document : null;
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone?.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '') || null;
  if (cnpj) {
    const [org] = await t.db.select({ id: O.id }).from(O).where(and(eq(O.companyId, t.companyId), eq(O.cnpj, cnpj), isNull(O.deletedAt))).limit(1);
    if (org) return { personId: null, organizationId: org.id };
    const [row] = await t.db
      .insert(O)
      .values({ companyId: t.companyId, createdBy: t.actorId || null, razaoSocial: input.name.slice(0, 200), cnpj, email })
      .onConflictDoNothing()
      .returning({ id: O.id });
    const id = row?.id ?? (await t.db.select({ id: O.id }).from(O).where(and(eq(O.companyId, t.companyId), eq(O.cnpj, cnpj), isNull(O.deletedAt))).limit(1))[0]?.id;
    if (id) await announce(t.db, { companyId: t.companyId, entity: 'organization', id });
    return { personId: null, organizationId: id ?? null };
  }
  const live = and(eq(P.companyId, t.companyId), isNull(P.deletedAt));
  if (cpf) {
    const [row] = await t.db.select({ id: P.id }).from(P).where(and(live, eq(P.cpf, cpf))).limit(1);
    if (row) return { personId: row.id, organizationId: null };
  }
  if (email) {
    const [row] = await t.db.select({ id: P.id }).from(P).where(and(live, sql`${P.emails} @> ARRAY[${email}]::text[]`)).limit(1);
    if (row) return { personId: row.id, organizationId: null };
    if (await isSuppressed(s, t, { email })) return { personId: null, organizationId: null };
  }
  if (!email && !cpf) return { personId: null, organizationId: null };
  const [row] = await t.db
    .insert(P)
    .values({
      companyId: t.companyId,
      createdBy: t.actorId || null,
      name: input.name.slice(0, 200),
      emails: email ? [email] : [],
      phones: phone && /^\d{10,11}$/.test(phone) ? [phone] : [],
      cpf,
      legalBasis: 'execucao_contrato',
      legalBasisSource: input.source.slice(0, 200),
      legalBasisAt: sql`(now() AT TIME ZONE 'America/Sao_Paulo')::date`,
    })
    .returning({ id: P.id });
  await announce(t.db, { companyId: t.companyId, entity: 'person', id: row!.id });
  return { personId: row!.id, organizationId: null };
}
