import { and, asc, eq, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { DUNNING_DEFAULTS, DUNNING_MESSAGES as M, type DunningPause, type DunningSettings, type dunningPauseCreateSchema, type dunningSettingsUpdateSchema } from '@sede/shared/finance/dunning';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { upsertCompanyRow } from '../../platform/company-row.ts';
import type { Services, Tenant } from '../../services.ts';
import { findDefaultPixKey } from '../finance-pix/public.ts';
import { listTemplates, whatsappReady } from '../whatsapp/public.ts';

/** What the rule fills in a template's body (decision 0581): customer, description, amount, due date, link. */
export const TEMPLATE_VARIABLES = 5;

const { finDunningSettings: S, finDunningPauses: PZ, organizations: O, people: P } = schema;

/** The rule the job applies: the company's row, or the defaults (decision 0580). */
export type Rule = {
  enabled: boolean;
  daysBefore: number[];
  onDueDate: boolean;
  daysAfter: number[];
  email: boolean;
  whatsapp: boolean;
  whatsappTemplate: { name: string; language: string } | null;
  isDefault: boolean;
  updatedAt: Date | null;
};

export async function ruleOf(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>): Promise<Rule> {
  const [row] = await db.select().from(S).where(eq(S.companyId, tenant.companyId));
  if (!row) return { ...DUNNING_DEFAULTS, daysBefore: [...DUNNING_DEFAULTS.daysBefore], daysAfter: [...DUNNING_DEFAULTS.daysAfter], isDefault: true, updatedAt: null };
  return {
    enabled: row.enabled,
    daysBefore: row.daysBefore,
    onDueDate: row.onDueDate,
    daysAfter: row.daysAfter,
    email: row.email,
    whatsapp: row.whatsapp,
    whatsappTemplate: row.whatsappTemplate && row.whatsappLanguage ? { name: row.whatsappTemplate, language: row.whatsappLanguage } : null,
    isDefault: false,
    updatedAt: row.updatedAt,
  };
}

/** The rule's steps in days from the due date, ascending: −3, 0, 1, 3, 7, 15. */
export const stepsOf = (rule: Pick<Rule, 'daysBefore' | 'onDueDate' | 'daysAfter'>) => [...rule.daysBefore.map((d) => -d), ...(rule.onDueDate ? [0] : []), ...rule.daysAfter].sort((a, b) => a - b);

export async function getSettings(s: Services, tenant: Tenant): Promise<DunningSettings> {
  const [rule, key, connected] = await Promise.all([ruleOf(tenant.db, tenant), findDefaultPixKey(tenant.db, tenant), whatsappReady(s, tenant.companyId)]);
  const { updatedAt, ...rest } = rule;
  return { ...rest, hasPixKey: !!key && !key.archivedAt, whatsappConnected: connected, updatedAt: updatedAt?.toISOString() ?? null };
}

/** Saves the company's rule; WhatsApp needs the account connected and one of its approved templates (without a media header). */
export async function updateSettings(s: Services, tenant: Tenant, input: z.output<typeof dunningSettingsUpdateSchema>): Promise<DunningSettings> {
  const template = input.whatsappTemplate;
  if (input.whatsapp && template) {
    if (!(await whatsappReady(s, tenant.companyId))) throw badRequest(M.whatsappNotConnected, 'WHATSAPP_NOT_CONNECTED');
    // The list is fetched afresh: a template approved a minute ago may be chosen at once.
    const approved = (await listTemplates(s, tenant, true)).find((t) => t.name === template.name && t.language === template.language);
    if (!approved) throw badRequest(M.templateUnknown, 'TEMPLATE_UNKNOWN');
    if (approved.header && approved.header.format !== 'text') throw badRequest(M.templateMedia, 'TEMPLATE_MEDIA');
    if (approved.variables > TEMPLATE_VARIABLES) throw badRequest(M.templateVariables, 'TEMPLATE_VARIABLES');
  }
  const values = {
    enabled: input.enabled,
    daysBefore: input.daysBefore,
    onDueDate: input.onDueDate,
    daysAfter: input.daysAfter,
    email: input.email,
    whatsapp: input.whatsapp,
    whatsappTemplate: template?.name ?? null,
    whatsappLanguage: template?.language ?? null,
    updatedBy: tenant.actorId || null,
    updatedAt: new Date(),
  };
  await tenant.db.transaction(async (tx) => {
    await upsertCompanyRow(tx, S, tenant.companyId, values);
    await logAudit(tx, tenant, { action: 'dunning_settings_updated', entity: 'fin_dunning_settings', id: tenant.companyId, details: { enabled: input.enabled, steps: stepsOf(input), email: input.email, whatsapp: input.whatsapp } });
  });
  return getSettings(s, tenant);
}

// ——— pauses per customer (decision 0582) ———

const partyName = (o: { razaoSocial: string | null; nomeFantasia: string | null; personName: string | null }) => o.nomeFantasia?.trim() || o.razaoSocial || o.personName || '';

export async function listPauses(tenant: Tenant): Promise<DunningPause[]> {
  const rows = await tenant.db
    .select({ id: PZ.id, organizationId: PZ.organizationId, personId: PZ.personId, createdAt: PZ.createdAt, razaoSocial: O.razaoSocial, nomeFantasia: O.nomeFantasia, personName: P.name })
    .from(PZ)
    .leftJoin(O, eq(O.id, PZ.organizationId))
    .leftJoin(P, eq(P.id, PZ.personId))
    .where(eq(PZ.companyId, tenant.companyId))
    .orderBy(asc(PZ.createdAt), asc(PZ.id));
  return rows.map((r) => ({
    id: r.id,
    partyType: r.organizationId ? ('organization' as const) : ('person' as const),
    partyId: (r.organizationId ?? r.personId)!,
    name: partyName(r),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Pauses a customer's reminders (the same pause again answers the one there is); 404 for a customer not of the company. */
export async function pauseCustomer(tenant: Tenant, input: z.output<typeof dunningPauseCreateSchema>): Promise<DunningPause> {
  const table = input.partyType === 'organization' ? O : P;
  const [party] = await tenant.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, tenant.companyId), eq(table.id, input.partyId), isNull(table.deletedAt)));
  if (!party) throw notFound(M.partyNotFound);
  const column = input.partyType === 'organization' ? { organizationId: input.partyId } : { personId: input.partyId };
  const id = await tenant.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(PZ)
      .values({ companyId: tenant.companyId, ...column, createdBy: tenant.actorId || null })
      .onConflictDoNothing()
      .returning({ id: PZ.id });
    if (!created) {
      const [existing] = await tx
        .select({ id: PZ.id })
        .from(PZ)
        .where(and(eq(PZ.companyId, tenant.companyId), input.partyType === 'organization' ? eq(PZ.organizationId, input.partyId) : eq(PZ.personId, input.partyId)));
      return existing!.id;
    }
    await logAudit(tx, tenant, { action: 'dunning_customer_paused', entity: input.partyType, id: input.partyId });
    return created.id;
  });
  return (await listPauses(tenant)).find((p) => p.id === id)!;
}

export async function resumeCustomer(tenant: Tenant, pauseId: string): Promise<void> {
  await tenant.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(PZ)
      .where(and(eq(PZ.companyId, tenant.companyId), eq(PZ.id, pauseId)))
      .returning({ organizationId: PZ.organizationId, personId: PZ.personId });
    if (!gone) throw notFound(M.pauseNotFound);
    await logAudit(tx, tenant, { action: 'dunning_customer_resumed', entity: gone.organizationId ? 'organization' : 'person', id: (gone.organizationId ?? gone.personId)! });
  });
}
