import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import type { ContactFields } from './lead-person.ts';
import { emailHashes } from './suppression.ts';

const O = schema.organizations;
const P = schema.people;
const L = schema.suppressionList;

export type CustomerInput = ContactFields & {
  /** A CPF (11 digits) or CNPJ (14 digits). */
  document: string | null;
  /** Where the record came from ('Pedido #123 da Nuvemshop'), kept as the LGPD legal basis' source. */
  source: string;
};

type Party = { personId: string | null; organizationId: string | null };
const NOBODY: Party = { personId: null, organizationId: null };

/**
 * A store's buyer as the company's party (decision 0681): a CNPJ matches (or becomes) an
 * organization; a CPF, else the e-mail, matches a person; otherwise a new person under the legal
 * basis 'execução de contrato' (the sale). A suppressed e-mail (erased, opted out) is never entered
 * again: such a buyer links to nobody. Runs in the caller's transaction when `t.db` is one.
 */
export async function findOrCreateCustomer(s: Services, t: Tenant, input: CustomerInput): Promise<Party> {
  return (await findOrCreateCustomers(s, t, [input]))[0]!;
}

/**
 * `findOrCreateCustomer` for many buyers at once, answered in their order, in a few statements
 * whatever their number (decision 0750): what exists is read in one query per kind of key, the
 * buyers are then matched one after the other as the one-at-a-time rule does (so two orders of a
 * new buyer in one page make one person), and the new parties are written in one insert per table.
 */
export async function findOrCreateCustomers(s: Services, t: Tenant, inputs: CustomerInput[]): Promise<Party[]> {
  const buyers = inputs.map((input) => ({
    input,
    cnpj: input.document?.length === 14 ? input.document : null,
    cpf: input.document?.length === 11 ? input.document : null,
    email: input.email?.trim().toLowerCase() || null,
    phone: input.phone?.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '') || null,
  }));
  const cnpjs = unique(buyers.map((b) => b.cnpj));
  const cpfs = unique(buyers.map((b) => (b.cnpj ? null : b.cpf)));
  const emails = unique(buyers.map((b) => (b.cnpj ? null : b.email)));
  const live = and(eq(P.companyId, t.companyId), isNull(P.deletedAt));

  const orgByCnpj = new Map<string, string>();
  if (cnpjs.length) {
    const rows = await t.db.select({ id: O.id, cnpj: O.cnpj }).from(O).where(and(eq(O.companyId, t.companyId), inArray(O.cnpj, cnpjs), isNull(O.deletedAt)));
    for (const r of rows) orgByCnpj.set(r.cnpj!, r.id);
  }
  const personByCpf = new Map<string, string>();
  const personByEmail = new Map<string, string>();
  const suppressed = new Set<string>();
  if (cpfs.length || emails.length) {
    // The live people with these CPFs or e-mails and the suppression list's entries for these e-mails, in one
    // statement (decision 0748): a suppressed person with one of them is live, so the people read finds them
    // (decision 0744), and the list is only looked at for the e-mails no person has.
    const hashes = emailHashes(s, t.companyId, emails);
    const { rows } = await t.db.execute<{ id: string | null; cpf: string | null; emails: string[] | null; hash: string | null }>(sql`
      SELECT ${P.id} AS id, ${P.cpf} AS cpf, ${P.emails} AS emails, NULL::text AS hash FROM ${P}
       WHERE ${P.companyId} = ${t.companyId} AND ${P.deletedAt} IS NULL
         AND (${P.cpf} = ANY(${sql.param(cpfs)}::text[]) OR ${P.emails} && ${sql.param(emails)}::text[])
      UNION ALL
      SELECT NULL, NULL, NULL, ${L.hash} FROM ${L} WHERE ${L.companyId} = ${t.companyId} AND ${L.hash} = ANY(${sql.param([...hashes.keys()])}::text[])`);
    for (const r of rows) {
      if (r.hash) {
        suppressed.add(hashes.get(r.hash)!);
        continue;
      }
      if (r.cpf && !personByCpf.has(r.cpf)) personByCpf.set(r.cpf, r.id!);
      for (const e of r.emails ?? []) if (!personByEmail.has(e)) personByEmail.set(e, r.id!);
    }
  }

  const newOrgs: Array<typeof O.$inferInsert & { id: string }> = [];
  const newPeople: Array<typeof P.$inferInsert & { id: string }> = [];
  const parties = buyers.map(({ input, cnpj, cpf, email, phone }): Party => {
    if (cnpj) {
      let id = orgByCnpj.get(cnpj);
      if (!id) {
        id = randomUUID();
        orgByCnpj.set(cnpj, id);
        newOrgs.push({ id, companyId: t.companyId, createdBy: t.actorId || null, razaoSocial: input.name.slice(0, 200), cnpj, email });
      }
      return { personId: null, organizationId: id };
    }
    const known = (cpf && personByCpf.get(cpf)) || (email && personByEmail.get(email));
    if (known) return { personId: known, organizationId: null };
    if (email && suppressed.has(email)) return NOBODY;
    if (!email && !cpf) return NOBODY;
    const id = randomUUID();
    if (cpf) personByCpf.set(cpf, id);
    if (email) personByEmail.set(email, id);
    newPeople.push({
      id,
      companyId: t.companyId,
      createdBy: t.actorId || null,
      name: input.name.slice(0, 200),
      emails: email ? [email] : [],
      phones: phone && /^\d{10,11}$/.test(phone) ? [phone] : [],
      cpf,
      legalBasis: 'execucao_contrato',
      legalBasisSource: input.source.slice(0, 200),
      legalBasisAt: todayInBrazil(),
    });
    return { personId: id, organizationId: null };
  });

  // Another writer may have made the same CNPJ or CPF meanwhile: its row is the one to link to.
  const replaced = new Map<string, string>();
  if (newOrgs.length) {
    const written = new Set((await t.db.insert(O).values(newOrgs).onConflictDoNothing().returning({ id: O.id })).map((r) => r.id));
    const lost = newOrgs.filter((o) => !written.has(o.id));
    if (lost.length) {
      const rows = await t.db.select({ id: O.id, cnpj: O.cnpj }).from(O).where(and(eq(O.companyId, t.companyId), inArray(O.cnpj, lost.map((o) => o.cnpj!)), isNull(O.deletedAt)));
      for (const o of lost) replaced.set(o.id, rows.find((r) => r.cnpj === o.cnpj)?.id ?? '');
    }
    await announce(t.db, { companyId: t.companyId, entity: 'organization', id: newOrgs[0]!.id });
  }
  if (newPeople.length) {
    const written = new Set((await t.db.insert(P).values(newPeople).onConflictDoNothing().returning({ id: P.id })).map((r) => r.id));
    const lost = newPeople.filter((p) => !written.has(p.id));
    if (lost.length) {
      const rows = await t.db.select({ id: P.id, cpf: P.cpf }).from(P).where(and(live, inArray(P.cpf, lost.map((p) => p.cpf!))));
      for (const p of lost) replaced.set(p.id, rows.find((r) => r.cpf === p.cpf)?.id ?? '');
    }
    await announce(t.db, { companyId: t.companyId, entity: 'person', id: newPeople[0]!.id });
  }
  if (!replaced.size) return parties;
  const final = (id: string | null) => (id && replaced.has(id) ? replaced.get(id) || null : id);
  return parties.map((p) => ({ personId: final(p.personId), organizationId: final(p.organizationId) }));
}

const unique = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => Boolean(v)))];
