import { and, asc, desc, eq, gte, ilike, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { isValidCpf } from '@sede/shared/cpf';
import { LEGAL_MESSAGES as M, type ContractStatus, type ContractView, type Counterparty, type ReadjustmentIndex, type contractCreateSchema, type contractListQuerySchema, type contractUpdateSchema } from '@sede/shared/legal/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { pick } from '../../platform/values.ts';
import { findOrCreateOrganizationByCnpj } from '../parties/public.ts';
import { companyRowExists, foundOr404 } from '../../platform/tenant.ts';

const { contracts: K, organizations: O, people: P } = schema;

export const CONTRACT_ENTITY = 'contract';

const columns = {
  k: K,
  orgName: sql<string | null>`coalesce(${O.nomeFantasia}, ${O.razaoSocial})`,
  orgCnpj: O.cnpj,
  personName: P.name,
  personCpf: P.cpf,
};
type Joined = { k: typeof K.$inferSelect; orgName: string | null; orgCnpj: string | null; personName: string | null; personCpf: string | null };

export function toContractView(r: Joined): ContractView {
  const k = r.k;
  let counterparty: Counterparty | null = null;
  if (k.organizationId && r.orgName) counterparty = { type: 'organization', id: k.organizationId, name: r.orgName, document: r.orgCnpj };
  else if (k.personId && r.personName) counterparty = { type: 'person', id: k.personId, name: r.personName, document: r.personCpf && isValidCpf(r.personCpf) ? r.personCpf : null };
  return {
    ...pick(k, 'id', 'title', 'object', 'valueCents', 'startDate', 'endDate', 'automaticRenewal', 'noticePeriodDays'),
    readjustmentIndex: k.readjustmentIndex as ReadjustmentIndex,
    status: k.status as ContractStatus,
    counterparty,
    createdAt: k.createdAt.toISOString(),
    updatedAt: k.updatedAt.toISOString(),
  };
}

const base = (tenant: Tenant) => tenant.db.select(columns).from(K).leftJoin(O, eq(O.id, K.organizationId)).leftJoin(P, eq(P.id, K.personId));

export const contractExists = (tenant: Tenant, id: string) => companyRowExists(tenant, K, id);

export async function getContract(tenant: Tenant, id: string): Promise<ContractView> {
  return toContractView(await foundOr404(id, M.contractNotFound, () => base(tenant).where(and(eq(K.id, id), eq(K.companyId, tenant.companyId)))));
}

export async function listContracts(tenant: Tenant, q: z.output<typeof contractListQuerySchema>): Promise<ContractView[]> {
  const where: (SQL | undefined)[] = [eq(K.companyId, tenant.companyId)];
  if (q.status) where.push(eq(K.status, q.status));
  if (q.q?.trim()) {
    const like = `%${q.q.trim().replace(/[%_\\]/g, '')}%`;
    where.push(or(ilike(K.title, like), ilike(K.object, like), ilike(O.razaoSocial, like), ilike(O.nomeFantasia, like), ilike(P.name, like)));
  }
  if (q.endingWithinDays) {
    const today = todayInBrazil();
    where.push(isNotNull(K.endDate), gte(K.endDate, today), lte(K.endDate, addDays(today, q.endingWithinDays)));
  }
  const rows = await base(tenant)
    .where(and(...where))
    .orderBy(q.endingWithinDays ? asc(K.endDate) : desc(K.createdAt), desc(K.id))
    .limit(500);
  return rows.map(toContractView);
}

type CounterpartyInput = z.output<typeof contractCreateSchema>['counterparty'];

/** The other party's row: an organization by CNPJ (the company's own first, else the CNPJ lookup) or a person of the company. */
async function resolveCounterparty(s: Services, tenant: Tenant, cp: CounterpartyInput): Promise<{ organizationId: string | null; personId: string | null }> {
  if (!cp) return { organizationId: null, personId: null };
  if (cp.type === 'person') {
    const [p] = await tenant.db
      .select({ id: P.id })
      .from(P)
      .where(and(eq(P.id, cp.personId), eq(P.companyId, tenant.companyId)));
    if (!p) throw badRequest(M.personNotFound, 'PERSON_NOT_FOUND');
    return { organizationId: null, personId: p.id };
  }
  const [org] = await tenant.db
    .select({ id: O.id })
    .from(O)
    .where(and(eq(O.companyId, tenant.companyId), eq(O.cnpj, cp.cnpj)))
    .limit(1);
  if (org) return { organizationId: org.id, personId: null };
  const { organization } = await findOrCreateOrganizationByCnpj(s, tenant, cp.cnpj);
  return { organizationId: organization.id, personId: null };
}

export async function createContract(s: Services, tenant: Tenant, input: z.output<typeof contractCreateSchema>): Promise<ContractView> {
  const party = await resolveCounterparty(s, tenant, input.counterparty);
  const { counterparty: _, ...fields } = input;
  const id = await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(K)
      .values({ ...fields, ...party, companyId: tenant.companyId, createdBy: tenant.actorId || null })
      .returning({ id: K.id });
    await announce(tx, { companyId: tenant.companyId, entity: CONTRACT_ENTITY, id: row!.id, action: 'created' });
    return row!.id;
  });
  return getContract(tenant, id);
}

export async function updateContract(s: Services, tenant: Tenant, id: string, input: z.output<typeof contractUpdateSchema>): Promise<ContractView> {
  const current = await getContract(tenant, id);
  const { counterparty, ...fields } = input;
  const start = fields.startDate === undefined ? current.startDate : fields.startDate;
  const end = fields.endDate === undefined ? current.endDate : fields.endDate;
  if (start && end && end < start) throw badRequest(M.endBeforeStart, 'END_BEFORE_START');
  const party = counterparty === undefined ? {} : await resolveCounterparty(s, tenant, counterparty);
  await tenant.db.transaction(async (tx) => {
    await tx
      .update(K)
      .set({ ...fields, ...party, updatedAt: sql`now()` })
      .where(and(eq(K.id, id), eq(K.companyId, tenant.companyId)));
    await announce(tx, { companyId: tenant.companyId, entity: CONTRACT_ENTITY, id, action: 'updated' });
  });
  return getContract(tenant, id);
}

export async function deleteContract(tenant: Tenant, id: string): Promise<void> {
  const current = await getContract(tenant, id);
  await tenant.db.transaction(async (tx) => {
    await tx.delete(schema.analyses).where(and(eq(schema.analyses.companyId, tenant.companyId), eq(schema.analyses.subjectId, id)));
    await tx.delete(K).where(and(eq(K.id, id), eq(K.companyId, tenant.companyId)));
    await logAudit(tx, tenant, { action: 'contract_deleted', entity: CONTRACT_ENTITY, id, details: { label: current.title } });
    await announce(tx, { companyId: tenant.companyId, entity: CONTRACT_ENTITY, id, action: 'deleted' });
  });
}
