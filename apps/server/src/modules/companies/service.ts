import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { DbOrTx } from '@sede/db/client';
import {
  buildCompanyCreation,
  COMPANY_MESSAGES,
  type CompanyDetails,
  type CreateCompanyData,
  type UpdateCompanyData,
} from '@sede/shared/company';
import { TRIAL } from '@sede/shared/constants';
import type { NormalizedCompany } from '@sede/shared/cnpj';
import type { Services, Tenant } from '../../services.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { applyCoins } from '../billing/public.ts';
import { logActivity } from '../../platform/activity.ts';
import { addMembership } from '../members/public.ts';
import type { CnpjLookup } from '../cnpj/public.ts';
import { foundOrThrow } from '../cnpj/public.ts';

const { companies, companyMembers, profiles } = schema;

export const cnpjTaken = () => conflict(COMPANY_MESSAGES.cnpjTaken, 'CNPJ_TAKEN');
export const alreadyMember = () => conflict(COMPANY_MESSAGES.alreadyMember, 'ALREADY_MEMBER');

/** PostgreSQL's error code and constraint, whether drizzle wrapped the driver error or not. */
function pgError(e: unknown): { code?: string; constraint?: string } {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return err?.cause?.code ? err.cause : err;
}

const DETAILS_SQL = (companyId: string) => sql`
  SELECT c.id, c.name, c.cnpj, c.fantasia, c.situacao, c.atividade_principal, c.data_abertura,
         c.phone, c.email, c.address, c.city, c.state, c.cep, c.currency_amount, c.subscription_status,
         c.trial_ends_at, c.onboarding_completed, c.plan_type, c.created_at,
         k.data->>'razao_social' AS razao_social
    FROM companies c
    LEFT JOIN cnpj_lookup_cache k ON k.cnpj = c.cnpj
   WHERE c.id = ${companyId}`;

function toDetails(r: Record<string, unknown>): CompanyDetails {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    id: r.id as string,
    name: r.name as string,
    cnpj: r.cnpj as string,
    fantasia: (r.fantasia as string) ?? null,
    situacao: (r.situacao as string) ?? null,
    atividade_principal: (r.atividade_principal as string) ?? null,
    data_abertura: (r.data_abertura as string) ?? null,
    phone: (r.phone as string) ?? null,
    email: (r.email as string) ?? null,
    address: (r.address as string) ?? null,
    city: (r.city as string) ?? null,
    state: (r.state as string) ?? null,
    cep: (r.cep as string) ?? null,
    currency_amount: Number(r.currency_amount),
    subscription_status: r.subscription_status as string,
    trial_ends_at: iso(r.trial_ends_at),
    onboarding_completed: Boolean(r.onboarding_completed),
    plan_type: (r.plan_type as string) ?? null,
    created_at: iso(r.created_at)!,
    razao_social: (r.razao_social as string) ?? null,
  };
}

export async function getCompanyDetails(db: DbOrTx, companyId: string): Promise<CompanyDetails> {
  const { rows } = await db.execute(DETAILS_SQL(companyId));
  if (!rows[0]) throw notFound('Empresa não encontrada');
  return toDetails(rows[0]);
}

export type CompanyRow = Omit<ReturnType<typeof buildCompanyCreation>, 'phone' | 'email'> & { phone: string | null; email: string | null };

/**
 * A new company's rows, inside the caller's transaction: the company (in its trial), its
 * creator as admin, the creator's profile pointing at it and the welcome coins. Used by
 * company setup and by the seed of tests and benchmarks, so both make companies one way.
 */
export async function insertCompanyWithAdmin(tx: DbOrTx, userId: string, row: CompanyRow, welcomeCoins: number = TRIAL.welcomeCoins): Promise<string> {
  const [company] = await tx
    .insert(companies)
    .values({
      name: row.name,
      cnpj: row.cnpj,
      fantasia: row.fantasia,
      situacao: row.situacao,
      atividadePrincipal: row.atividade_principal,
      dataAbertura: row.data_abertura,
      phone: row.phone,
      email: row.email,
      address: row.address,
      city: row.city,
      state: row.state,
      cep: row.cep,
      createdBy: userId,
      subscriptionStatus: 'trialing',
      trialEndsAt: sql`now() + make_interval(days => ${TRIAL.days})`,
    })
    .returning({ id: companies.id });
  await addMembership(tx, { companyId: company!.id, userId, role: 'admin' });
  if (welcomeCoins > 0) await applyCoins(tx, {
    companyId: company!.id,
    amount: welcomeCoins,
    kind: 'welcome',
    reason: 'Bônus de boas-vindas',
    actorId: userId,
    reference: company!.id,
  });
  return company!.id;
}

/**
 * Creates the caller's company (spec §4) in one transaction: the company row, the creator's
 * membership as admin, the profile's company_id and the 50 welcome coins with a 15-day trial.
 * The CNPJ is looked up here (cache first), never trusted from the client.
 */
export async function createCompany(s: Services, lookup: CnpjLookup, viewer: Viewer, input: CreateCompanyData): Promise<CompanyDetails> {
  const userId = viewer.user.id;
  if (viewer.membership) throw alreadyMember();
  // A quick answer without an outside call; the unique index below is what really decides.
  // The company does not exist yet, so no tenant can hold its creation: the CNPJ is checked
  // across every company and the rows are inserted on the platform's handle.
  const taken = await s.db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, input.cnpj)).limit(1);
  if (taken.length) throw cnpjTaken();

  const record = foundOrThrow(await lookup.lookup(input.cnpj));
  const row = buildCompanyCreation(record, input);

  let companyId: string;
  try {
    companyId = await s.db.transaction(async (tx) => {
      // Locks the person's profile: two creations by the same person cannot both pass.
      const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
      if (!profile) throw new AppError(401, 'INVALID_SESSION', COMPANY_MESSAGES.invalidSession);
      const membership = await tx.select({ id: companyMembers.id }).from(companyMembers).where(eq(companyMembers.userId, userId)).limit(1);
      if (membership.length) throw alreadyMember();

      return insertCompanyWithAdmin(tx, userId, row);
    });
  } catch (e) {
    const { code, constraint } = pgError(e);
    if (code === '23505' && constraint === 'companies_cnpj_key') throw cnpjTaken();
    throw e;
  }
  // The change feed evicts it too, a few ms later; the next /api/me must already see the company.
  s.viewers.evictViewer(userId);
  return getCompanyDetails(s.db, companyId);
}

const EDITABLE = ['name', 'fantasia', 'phone', 'email', 'address', 'city', 'state', 'cep'] as const;

type Actor = { userId: string; userAgent?: string | null };

/** The profile form (admins): the CNPJ and the registry fields are not edited here. */
export async function updateCompany(tenant: Tenant, input: UpdateCompanyData, actor: Actor): Promise<CompanyDetails> {
  const { companyId } = tenant;
  return tenant.db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        name: companies.name,
        fantasia: companies.fantasia,
        phone: companies.phone,
        email: companies.email,
        address: companies.address,
        city: companies.city,
        state: companies.state,
        cep: companies.cep,
      })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!before) throw notFound('Empresa não encontrada');
    const changed = EDITABLE.filter((k) => (before[k] ?? null) !== (input[k] ?? null));
    if (changed.length) {
      await tx
        .update(companies)
        .set({ ...Object.fromEntries(changed.map((k) => [k, input[k]])), updatedAt: sql`now()` })
        .where(eq(companies.id, companyId));
      await logActivity(tx, {
        companyId,
        userId: actor.userId,
        action: 'company_updated',
        details: { fields: changed },
        userAgent: actor.userAgent,
      });
    }
    return getCompanyDetails(tx, companyId);
  });
}

/**
 * The "refresh from the CNPJ lookup" button: a fresh lookup (not the cache) replaces the
 * registry fields. The name, phone and e-mail the company chose are kept.
 */
export async function refreshCompanyFromRegistry(lookup: CnpjLookup, tenant: Tenant, actor: Actor): Promise<CompanyDetails> {
  const { companyId } = tenant;
  const [company] = await tenant.db.select({ cnpj: companies.cnpj, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Empresa não encontrada');
  const record: NormalizedCompany = foundOrThrow(await lookup.lookup(company.cnpj, { fresh: true }));
  const row = buildCompanyCreation(record, { whatsapp: '', email: '' });
  return tenant.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({
        fantasia: sql`COALESCE(${row.fantasia}::text, NULLIF(${companies.fantasia}, ''), ${company.name}::text)`,
        situacao: row.situacao,
        atividadePrincipal: row.atividade_principal,
        dataAbertura: row.data_abertura,
        address: row.address,
        city: row.city,
        state: row.state,
        cep: row.cep,
        updatedAt: sql`now()`,
      })
      .where(and(eq(companies.id, companyId), eq(companies.cnpj, company.cnpj)));
    await logActivity(tx, {
      companyId,
      userId: actor.userId,
      action: 'company_updated',
      details: { source: 'cnpj_lookup', provider: record.api_used },
      userAgent: actor.userAgent,
    });
    return getCompanyDetails(tx, companyId);
  });
}
