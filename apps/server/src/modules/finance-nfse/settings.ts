import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { nfseSettingsInputSchema, NfseSettings } from '@sede/shared/finance/nfse';
import type { z } from 'zod';
import { logAudit } from '../../platform/audit.ts';
import { upsertCompanyRow } from '../../platform/company-row.ts';
import type { Tenant } from '../../services.ts';

const S = schema.nfseSettings;
const rate = (v: string | null) => (v === null ? null : Number(v));

const toSettings = (r: typeof S.$inferSelect): NfseSettings => ({
  environment: r.environment as NfseSettings['environment'],
  municipalityCode: r.municipalityCode,
  municipalRegistration: r.municipalRegistration,
  regime: r.regime as NfseSettings['regime'],
  serie: r.serie,
  services: r.services.map((x) => ({ code: x.code, description: x.description, issRate: Number(x.issRate) })),
  ibsCbsCst: r.ibsCbsCst,
  ibsCbsClassification: r.ibsCbsClassification,
  ibsRate: rate(r.ibsRate),
  cbsRate: rate(r.cbsRate),
  updatedAt: r.updatedAt.toISOString(),
});

export async function getNfseSettings(tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<NfseSettings | null> {
  const [row] = await tenant.db.select().from(S).where(eq(S.companyId, tenant.companyId));
  return row ? toSettings(row) : null;
}

export async function saveNfseSettings(tenant: Tenant, input: z.output<typeof nfseSettingsInputSchema>): Promise<NfseSettings> {
  const values = {
    ...input,
    services: input.services.map((x) => ({ code: x.code, description: x.description, issRate: x.issRate.toFixed(2) })),
    ibsRate: input.ibsRate === null ? null : input.ibsRate.toFixed(4),
    cbsRate: input.cbsRate === null ? null : input.cbsRate.toFixed(4),
    updatedAt: new Date(),
  };
  return tenant.db.transaction(async (tx) => {
    const [row] = await upsertCompanyRow(tx, S, tenant.companyId, values).returning();
    await logAudit(tx, tenant, { action: 'nfse_settings_changed', entity: 'nfse_settings', id: null, details: { environment: input.environment, services: input.services.length } });
    return toSettings(row!);
  });
}
