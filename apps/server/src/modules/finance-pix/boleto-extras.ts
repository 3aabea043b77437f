import { and, desc, eq, inArray } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { AppError } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { ensureStaticCharge } from './charges.ts';

const { finBoletos: B, finCharges: CH } = schema;

/**
 * The receivable's open boleto (finance-boleto, decision 0571) as the payment page and the charge
 * e-mail show it: the PDF, the linha digitável and the hybrid boleto's Pix. Read from the tables,
 * so finance-pix never imports the boleto module (which builds on this one).
 */
export async function openBoleto(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string) {
  const [row] = await db
    .select({ url: B.bankSlipUrl, line: B.identificationField, brCode: CH.brCode, qrSvg: CH.qrSvg, amountCents: CH.amountCents })
    .from(B)
    .innerJoin(CH, eq(CH.id, B.chargeId))
    .where(and(eq(B.companyId, tenant.companyId), eq(B.entryId, entryId), inArray(B.status, ['open', 'overdue']), eq(CH.status, 'open')))
    .orderBy(desc(B.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The static Pix charge (decision 0531), or — for a company without a Pix key that charges by
 * boleto — the open boleto's own Pix (decision 0573): what the payment link and the e-mail carry.
 */
export async function staticOrBoleto(tx: DbOrTx, tenant: Tenant, entryId: string, s?: Services): Promise<{ brCode: string | null; qrSvg: string | null; amountCents: number; status: 'open' | 'paid' | 'cancelled' | 'expired' }> {
  try {
    return await ensureStaticCharge(tx, tenant, entryId, s);
  } catch (e) {
    const boleto = e instanceof AppError && e.code === 'PIX_KEY_MISSING' ? await openBoleto(tx, tenant, entryId) : null;
    if (!boleto) throw e;
    return { brCode: boleto.brCode, qrSvg: boleto.qrSvg, amountCents: boleto.amountCents, status: 'open' };
  }
}
