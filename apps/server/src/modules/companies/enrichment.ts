// Company enrichment (spec §4): a company with a CNPJ but no trade name or no main activity is
// filled from a lookup (cache first) and saved. Runs in the background after a creation and
// when the company profile loads; the saved row reaches open pages through the change feed.
import { sql } from 'drizzle-orm';
import { enrichmentPatch, needsEnrichment } from '@sede/shared/company';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import type { CnpjLookup } from '../cnpj/public.ts';

type Row = { name: string; cnpj: string; fantasia: string | null; situacao: string | null; atividade_principal: string | null; data_abertura: string | null };

/** Returns whether something was saved. Fields filled in the meantime are never overwritten. */
export async function enrichCompany(s: Services, lookup: CnpjLookup, companyId: string): Promise<boolean> {
  // Background work after a request, with the company id the request's session proved.
  const { db } = systemTenant(s, companyId, 'job');
  const { rows } = await db.execute<Row>(sql`
    SELECT name, cnpj, NULLIF(fantasia, '') AS fantasia, situacao, NULLIF(atividade_principal, '') AS atividade_principal, data_abertura
      FROM companies WHERE id = ${companyId}`);
  const company = rows[0];
  if (!company || !needsEnrichment(company)) return false;
  const result = await lookup.lookup(company.cnpj);
  if (result.status !== 'found') return false;
  const patch = enrichmentPatch(company, result.company);
  if (!patch) return false;
  const { rowCount } = await db.execute(sql`
    UPDATE companies SET
      fantasia = COALESCE(NULLIF(fantasia, ''), ${patch.fantasia ?? null}::text),
      atividade_principal = COALESCE(NULLIF(atividade_principal, ''), ${patch.atividade_principal ?? null}::text),
      situacao = COALESCE(situacao, ${patch.situacao ?? null}::text),
      data_abertura = COALESCE(data_abertura, ${patch.data_abertura ?? null}::text),
      updated_at = now()
    WHERE id = ${companyId} AND cnpj = ${company.cnpj}
      AND (NULLIF(fantasia, '') IS NULL OR NULLIF(atividade_principal, '') IS NULL)`);
  return (rowCount ?? 0) > 0;
}

/** Fire-and-forget enrichment, at most one run per company at a time in this process. */
export function createEnricher(s: Services, lookup: CnpjLookup) {
  const running = new Map<string, Promise<boolean>>();
  return {
    /** Starts (or joins) the enrichment of a company; never throws. */
    run(companyId: string): Promise<boolean> {
      let pending = running.get(companyId);
      if (!pending) {
        pending = enrichCompany(s, lookup, companyId)
          .catch((e) => {
            console.error('[companies] enrichment failed:', (e as Error).message);
            return false;
          })
          .finally(() => running.delete(companyId));
        running.set(companyId, pending);
      }
      return pending;
    },
  };
}
export type Enricher = ReturnType<typeof createEnricher>;
