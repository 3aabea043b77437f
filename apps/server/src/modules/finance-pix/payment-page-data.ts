import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { PIX_MESSAGES as M } from '@sede/shared/finance/pix';
import { notFound } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';
import { PIX_METHODS } from './charges.ts';

const { finEntries: E, finCharges: CH, finPixKeys: K, companies: CO, finBoletos: B, finPixRecurrences: REC } = schema;

/**
 * What the payment page reads (decision 0532), in one statement: the receivable, the company's
 * name, its open Pix charge, the default key, the open boleto (finance-boleto) and a Pix Automático
 * awaiting authorisation by QR (finance-pix-api), the last two read from their tables as
 * boleto-extras.ts does. The page is read far more than anything else of a receivable: one round
 * trip instead of seven.
 */
export async function paymentPageData(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string) {
  const company = tenant.companyId;
  const charge = db
    .select({ id: CH.id, amountCents: CH.amountCents, pixKey: CH.pixKey, brCode: CH.brCode, qrSvg: CH.qrSvg, status: CH.status })
    .from(CH)
    .where(and(eq(CH.companyId, company), eq(CH.entryId, entryId), inArray(CH.method, PIX_METHODS), eq(CH.status, 'open')))
    .limit(1)
    .as('charge');
  const key = db.select({ key: K.key }).from(K).where(and(eq(K.companyId, company), eq(K.isDefault, true))).limit(1).as('pix_key');
  const boleto = db
    .select({ url: B.bankSlipUrl, line: B.identificationField, brCode: sql<string | null>`${CH.brCode}`.as('boleto_br_code'), qrSvg: sql<string | null>`${CH.qrSvg}`.as('boleto_qr_svg'), amountCents: sql<number>`${CH.amountCents}`.as('boleto_amount_cents') })
    .from(B)
    .innerJoin(CH, eq(CH.id, B.chargeId))
    .where(and(eq(B.companyId, company), eq(B.entryId, entryId), inArray(B.status, ['open', 'overdue']), eq(CH.status, 'open')))
    .orderBy(desc(B.createdAt))
    .limit(1)
    .as('boleto');
  const automatic = db
    .select({ periodicity: REC.periodicity, amountCents: REC.amountCents, endDate: REC.endDate, brCode: REC.qrCode, qrSvg: REC.qrSvg, status: REC.status, journey: REC.journey })
    .from(REC)
    .where(and(eq(REC.companyId, company), sql`${REC.recurrenceId} = (SELECT ${E.recurrenceId} FROM ${E} WHERE ${E.companyId} = ${company} AND ${E.id} = ${entryId})`))
    .orderBy(desc(REC.createdAt))
    .limit(1)
    .as('automatic');
  const [row] = await db
    .select({
      entry: E,
      companyName: sql<string>`coalesce(nullif(trim(${CO.fantasia}), ''), ${CO.name}, '')`,
      charge: { id: charge.id, amountCents: charge.amountCents, pixKey: charge.pixKey, brCode: charge.brCode, qrSvg: charge.qrSvg, status: charge.status },
      key: key.key,
      boleto: { url: boleto.url, line: boleto.line, brCode: boleto.brCode, qrSvg: boleto.qrSvg, amountCents: boleto.amountCents },
      automatic: { periodicity: automatic.periodicity, amountCents: automatic.amountCents, endDate: automatic.endDate, brCode: automatic.brCode, qrSvg: automatic.qrSvg, status: automatic.status, journey: automatic.journey },
    })
    .from(E)
    .innerJoin(CO, eq(CO.id, E.companyId))
    .leftJoin(charge, sql`true`)
    .leftJoin(key, sql`true`)
    .leftJoin(boleto, sql`true`)
    .leftJoin(automatic, sql`true`)
    .where(and(eq(E.companyId, company), eq(E.id, entryId)));
  if (!row) throw notFound(M.entryNotFound);
  const a = row.automatic;
  return {
    entry: row.entry,
    companyName: row.companyName,
    // A left-joined subquery that found nothing may come back as an object of nulls.
    charge: row.charge?.id ? row.charge : null,
    defaultKey: row.key ?? null,
    boleto: row.boleto?.amountCents != null ? row.boleto : null,
    // Only the recurrence's own QR (Jornada 2) is offered beside any occurrence's Pix: a Jornada 3/4
    // QR also pays the first occurrence (decision 0756), so it is not one to show on another's page.
    automatic: a?.status === 'CRIADA' && (a.journey ?? 'JORNADA_2') === 'JORNADA_2' && a.brCode && a.qrSvg ? { periodicity: a.periodicity as 'MENSAL', amountCents: a.amountCents, endDate: a.endDate, brCode: a.brCode, qrSvg: a.qrSvg } : null,
  };
}
