import { createHmac } from 'node:crypto';
import { and, arrayContains, arrayOverlaps, eq, inArray, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { onlyDigits } from '@sede/shared/cpf';
import { normalizeEmail } from '@sede/shared/email';
import { serverState } from '../../platform/module.ts';
import { authSecret } from '../../platform/secret.ts';
import type { Services } from '../../services.ts';

export type Contact = { email: string } | { phone: string };
export type SuppressionReason = 'erasure' | 'opt_out' | 'bounce';

/** A phone as digits, without Brazil's +55 (so "+55 11 91234-5678" and "(11) 91234-5678" match). */
export const normalizePhone = (value: string) => {
  const digits = onlyDigits(value);
  return (digits.length === 12 || digits.length === 13) && digits.startsWith('55') ? digits.slice(2) : digits;
};

const normalized = (contact: Contact) =>
  'email' in contact ? { kind: 'email' as const, value: normalizeEmail(contact.email) } : { kind: 'phone' as const, value: normalizePhone(contact.phone) };

/** The key of the suppression hashes: derived from the server's secret, never stored in the database. */
const keyOf = (s: Services) => serverState(s, 'parties.suppressionKey', () => createHmac('sha256', authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)).update('sede:suppression:v1').digest());

/** HMAC-SHA256 of the company, the kind and the normalized value (decision 0126). */
export function suppressionHash(s: Services, companyId: string, contact: Contact): { kind: 'email' | 'phone'; hash: string } {
  const { kind, value } = normalized(contact);
  return { kind, hash: createHmac('sha256', keyOf(s)).update(`${companyId}:${kind}:${value}`).digest('hex') };
}

/** Adds contacts to the company's suppression list (idempotent). */
export async function suppress(s: Services, db: DbOrTx, companyId: string, contacts: Contact[], reason: SuppressionReason): Promise<number> {
  const rows = contacts.map((c) => ({ companyId, reason, ...suppressionHash(s, companyId, c) }));
  if (!rows.length) return 0;
  const inserted = await db.insert(schema.suppressionList).values(rows).onConflictDoNothing().returning({ id: schema.suppressionList.id });
  return inserted.length;
}

/**
 * Whether a contact must never be reached: its hash is on the company's suppression list (an
 * erased person) or a live person holding it is marked suppressed.
 */
export async function isSuppressed(s: Services, tenant: { db: DbOrTx; companyId: string }, contact: Contact): Promise<boolean> {
  const { hash } = suppressionHash(s, tenant.companyId, contact);
  const listed = await tenant.db
    .select({ id: schema.suppressionList.id })
    .from(schema.suppressionList)
    .where(and(eq(schema.suppressionList.companyId, tenant.companyId), eq(schema.suppressionList.hash, hash)))
    .limit(1);
  if (listed.length) return true;
  const { kind, value } = normalized(contact);
  const p = schema.people;
  const flagged = await tenant.db
    .select({ id: p.id })
    .from(p)
    .where(and(eq(p.companyId, tenant.companyId), isNull(p.deletedAt), eq(p.suppressed, true), arrayContains(kind === 'email' ? p.emails : p.phones, [value])))
    .limit(1);
  return flagged.length > 0;
}

/** Whether any of these contacts is on the suppression list (a re-created person stays suppressed). */
export async function anyListed(s: Services, db: DbOrTx, companyId: string, contacts: Contact[]): Promise<boolean> {
  for (const c of contacts) {
    const { hash } = suppressionHash(s, companyId, c);
    const hit = await db
      .select({ id: schema.suppressionList.id })
      .from(schema.suppressionList)
      .where(and(eq(schema.suppressionList.companyId, companyId), eq(schema.suppressionList.hash, hash)))
      .limit(1);
    if (hit.length) return true;
  }
  return false;
}

/** The suppression list's hash of each e-mail (normalized), for a caller reading the list itself. */
export const emailHashes = (s: Services, companyId: string, emails: string[]) =>
  new Map(emails.map((email) => [suppressionHash(s, companyId, { email }).hash, normalizeEmail(email)]));

/**
 * Which of `emails` are on the company's suppression list (the erased and opted-out's hashes): the
 * first half of `suppressedEmails`, for a caller that has just read the live people with these
 * e-mails itself and so knows none of them is a flagged person (decision 0744).
 */
export async function listedEmails(s: Services, tenant: { db: DbOrTx; companyId: string }, emails: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (!emails.length) return out;
  const byHash = emailHashes(s, tenant.companyId, emails);
  const listed = await tenant.db
    .select({ hash: schema.suppressionList.hash })
    .from(schema.suppressionList)
    .where(and(eq(schema.suppressionList.companyId, tenant.companyId), inArray(schema.suppressionList.hash, [...byHash.keys()])));
  for (const { hash } of listed) out.add(byHash.get(hash)!);
  return out;
}

/** `isSuppressed` for many e-mails in two queries: those of them that must never be reached. */
export async function suppressedEmails(s: Services, tenant: { db: DbOrTx; companyId: string }, emails: string[]): Promise<Set<string>> {
  const out = await listedEmails(s, tenant, emails);
  if (!emails.length) return out;
  const p = schema.people;
  const normalizedEmails = [...new Set(emails.map(normalizeEmail))];
  const flagged = await tenant.db
    .select({ emails: p.emails })
    .from(p)
    .where(and(eq(p.companyId, tenant.companyId), isNull(p.deletedAt), eq(p.suppressed, true), arrayOverlaps(p.emails, normalizedEmails)));
  for (const row of flagged) for (const e of row.emails) if (normalizedEmails.includes(e)) out.add(e);
  return out;
}
