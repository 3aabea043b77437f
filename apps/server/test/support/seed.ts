import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@sede/db/client';
import type { NormalizedCompany } from '@sede/shared/cnpj';
import { buildCompanyCreation } from '@sede/shared/company';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { insertCompanyWithAdmin } from '../../src/modules/companies/service.ts';
import { addMembership } from '../../src/modules/members/service.ts';

/**
 * The one seed of tests, browser tests and benchmarks: companies and memberships made by the
 * same service functions the API uses (never copied SQL), on any Drizzle database handle.
 * People are made through the real sign-up (see createConfirmedUser in each harness).
 */

export const randomCnpj = () => Array.from({ length: 14 }, () => randomInt(10)).join('');

export type SeedCompany = {
  /** The signed-up person who creates the company and becomes its admin. */
  adminUserId: string;
  name?: string;
  cnpj?: string;
  /** The creator's role, when a test needs a non-admin creator (default 'admin'). */
  role?: string;
  customPermissions?: string[];
  onboardingCompleted?: boolean;
  /** The welcome bonus (default: the product's); 0 for none. */
  welcomeCoins?: number;
  /** Extra coins on top of the welcome bonus, through the ledger. */
  extraCoins?: number;
};

export async function seedCompany(db: Database, c: SeedCompany): Promise<string> {
  return db.transaction(async (tx) => {
    const record: NormalizedCompany = {
      cnpj: c.cnpj ?? randomCnpj(),
      razao_social: c.name ?? 'Empresa Semente Ltda',
      nome_fantasia: null,
      telefone: null,
      email: null,
      logradouro: null,
      numero: null,
      bairro: null,
      municipio: null,
      uf: null,
      cep: null,
      api_used: 'seed',
      situacao: null,
      atividade_principal: null,
      data_abertura: null,
    };
    const row = { ...buildCompanyCreation(record, { whatsapp: '', email: '' }), phone: null, email: null };
    const companyId = await insertCompanyWithAdmin(tx, c.adminUserId, row, c.welcomeCoins);
    if (c.onboardingCompleted ?? true) await tx.update(schema.companies).set({ onboardingCompleted: true }).where(eq(schema.companies.id, companyId));
    if ((c.role && c.role !== 'admin') || c.customPermissions) {
      await tx
        .update(schema.companyMembers)
        .set({ role: c.role ?? 'admin', customPermissions: c.customPermissions ?? [] })
        .where(eq(schema.companyMembers.companyId, companyId));
    }
    if (c.extraCoins) await applyCoins(tx, { companyId, amount: c.extraCoins, kind: 'adjustment', reason: 'Saldo de teste', reference: `seed:${companyId}` });
    return companyId;
  });
}

export async function seedMember(db: Database, m: { companyId: string; userId: string; role: string; customPermissions?: string[] }): Promise<void> {
  await db.transaction((tx) => addMembership(tx, m));
}
