import { schema, type DbOrTx } from '@sede/db/client';
import type { AuditAction } from '@sede/shared/activity';
import { logActivity } from './activity.ts';

export type AuditEntry = {
  /** What happened, in its own words (decision 0390): `deal_deleted`, `people_exported`, `coins_spent`… labels in @sede/shared/activity. */
  action: AuditAction;
  /** What was acted on: 'person', 'organization', 'deal'… (kept with the line for lookups by entity). */
  entity: string;
  /** The entity's id; null for a whole list (an export of every contact). */
  id: string | null;
  /**
   * More facts for the admin: `label` (a name that is not personal data, e.g. an organization's
   * razão social), `format`, `coins`, `count`… Never a person's name, e-mail, phone or CPF.
   */
  details?: Record<string, unknown>;
};

/**
 * The one audit helper of the areas: a line in the company's activity log (admin area) for a
 * sensitive action, by the acting member. Call it with the transaction of the change it
 * describes, so a rolled-back change leaves no line; for a read (an export) call it before
 * answering.
 */
export async function logAudit(db: DbOrTx, tenant: { companyId: string; actorId: string | null; apiKeyId?: string }, entry: AuditEntry): Promise<void> {
  await logActivity(db, {
    companyId: tenant.companyId,
    // A system tenant's actor is '' (decision 0431): no author rather than a dangling one. An API
    // key's line names the key (decision 0640), not the person who created it.
    userId: tenant.apiKeyId ? null : tenant.actorId || null,
    apiKeyId: tenant.apiKeyId ?? null,
    action: entry.action,
    details: { ...entry.details, entity: entry.entity, id: entry.id },
  });
}

/**
 * One audit line written by someone else's insert (`logAuditEntries`): its action stays a literal at
 * the line's own place, which the activity log's test reads (test/platform/activity-actions.test.ts).
 */
export const auditLine = (entry: AuditEntry): AuditEntry => entry;

/** `logAudit` for lines of different actions in one insert (decision 0765): a settlement's payment and charge lines. */
export async function logAuditEntries(db: DbOrTx, tenant: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(schema.activityLog).values(auditRows(tenant, entries));
}

type AuditActor = { companyId: string; actorId: string | null; apiKeyId?: string };

/** The activity log's rows of `entries`, for an insert that is part of a larger statement (Financeiro's payment, decision 0740). */
export const auditRows = (tenant: AuditActor, entries: AuditEntry[]) =>
  entries.map((entry) => ({
    companyId: tenant.companyId,
    userId: tenant.apiKeyId ? null : tenant.actorId || null,
    apiKeyId: tenant.apiKeyId ?? null,
    action: entry.action,
    details: { ...entry.details, entity: entry.entity, id: entry.id },
  }));

/** `logAudit` for many lines of one action at once, in one insert (decision 0750): a batch written in one transaction. */
export const logAudits = (db: DbOrTx, tenant: { companyId: string; actorId: string | null; apiKeyId?: string }, action: AuditAction, lines: Array<Omit<AuditEntry, 'action'>>): Promise<void> =>
  logAuditEntries(
    db,
    tenant,
    lines.map((line) => ({ ...line, action })),
  );
