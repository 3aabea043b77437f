import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema } from '@sede/db/client';
import { day } from '@sede/shared/format';
import { PIX_API_CERT_ALERT_DAYS, PIX_API_MESSAGES as M, PIX_WEBHOOK_SECRET_SHAPE } from '@sede/shared/finance/pix-api';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { financeReaders } from '../finance/public.ts';
import { settleCharge } from '../finance-pix/public.ts';
import { PIX_API_PROVIDER } from './charges.ts';
import { type PixSchemas, pspCall } from './client.ts';
import { connectionOf, type SettingsRow, webhookTarget } from './settings.ts';

const { finPixApiSettings: S, finCharges: CH } = schema;

/**
 * One received Pix as the PSP tells it (BCB's `Pix`): the fields settlement reads. The payer's
 * name is not in the standard: PSPs add it as `pagador` (or Efí's `gnExtras.pagador`); absent, null.
 */
const pixSchema = z.object({
  endToEndId: z.string().min(1).max(64),
  txid: z.string().max(35).optional(),
  valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
  horario: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
  pagador: z.object({ nome: z.string().max(200).optional() }).passthrough().optional(),
  gnExtras: z.object({ pagador: z.object({ nome: z.string().max(200).optional() }).passthrough().optional() }).passthrough().optional(),
});
export const pixNotificationSchema = z.object({ pix: z.array(pixSchema).max(1000) });
type ReceivedPix = z.infer<typeof pixSchema>;

export type PixOutcome = 'settled' | 'duplicate' | 'ignored';

const cents = (valor: string) => {
  const [int, dec] = valor.split('.');
  return Number(int) * 100 + Number(dec);
};

/**
 * A received Pix of an account settles its charge (decision 0563) through finance-pix's one
 * settlement: only a charge of this account's company and account, by txid. The same end-to-end id
 * twice settles once ('duplicate'); a Pix without txid, of no charge of ours, of zero, or of a
 * receivable already settled by hand is 'ignored' (kept out, never a failure the PSP would retry).
 */
export async function settleReceivedPix(s: Services, row: SettingsRow, pix: ReceivedPix, known?: Map<string, string>): Promise<PixOutcome> {
  if (!pix.txid) return 'ignored';
  const charge = known ? { id: known.get(pix.txid) } : await chargeOf(s, row, pix.txid);
  if (!charge?.id) return 'ignored';
  try {
    const out = await settleCharge(s, {
      companyId: row.companyId,
      provider: PIX_API_PROVIDER,
      externalEventId: pix.endToEndId,
      chargeId: charge.id,
      amountCents: cents(pix.valor),
      paidAt: new Date(pix.horario),
      payerName: pix.pagador?.nome ?? pix.gnExtras?.pagador?.nome ?? null,
      endToEndId: pix.endToEndId,
    });
    return out.outcome;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      console.warn('[pix-api] Pix not settled', pix.endToEndId, err.code);
      return 'ignored';
    }
    throw err;
  }
}

/** The account's dynamic charge of this txid (`known`: the charges the webhook's one read already found). */
async function chargeOf(s: Services, row: SettingsRow, txid: string) {
  const [charge] = await systemTenant(s, row.companyId, 'webhook')
    .db.select({ id: CH.id })
    .from(CH)
    .where(and(eq(CH.companyId, row.companyId), eq(CH.accountId, row.accountId), eq(CH.txid, txid), eq(CH.provider, PIX_API_PROVIDER)));
  return charge;
}

/** `POST …/webhook/:secret/pix`: the secret names the account; the body is BCB's `{ pix: [...] }`. */
export async function receivePixWebhook(s: Services, secret: string, body: unknown): Promise<{ received: number; settled: number }> {
  if (!PIX_WEBHOOK_SECRET_SHAPE.test(secret)) throw notFound(M.webhookNotFound);
  const parsed = pixNotificationSchema.safeParse(body);
  // The account and the notified charges in one read; an unknown secret answers 404 before a bad body's 400.
  const txids = parsed.success ? parsed.data.pix.flatMap((p) => (p.txid ? [p.txid] : [])) : [];
  const { row, charges } = await webhookTarget(s, secret, PIX_API_PROVIDER, txids);
  if (!row) throw notFound(M.webhookNotFound);
  if (!parsed.success) throw badRequest(M.webhookBody, 'PIX_WEBHOOK_INVALID');
  let settled = 0;
  for (const pix of parsed.data.pix) if ((await settleReceivedPix(s, row, pix, charges)) === 'settled') settled++;
  return { received: parsed.data.pix.length, settled };
}

export const RECONCILE_QUEUE = 'pix-api-reconcile';
export const RECONCILE_CRON = '*/15 * * * *';
/** The first window of an account reaches a day back; each next one overlaps the last by 10 minutes. */
const FIRST_WINDOW_MS = 86_400_000;
const OVERLAP_MS = 10 * 60_000;
const MAX_PAGES = 50;

/** Every account's settings with a certificate (a schedule of the platform's across companies). */
const configuredRows = (s: Services) => s.db.select().from(S).where(isNotNull(S.certPfxEncrypted));

/**
 * The reconciliation (decision 0563): `GET /pix?inicio=&fim=` of each configured account since its
 * last window, page by page, each Pix with a txid through the same settlement as the webhook (so
 * what the webhook already settled is a duplicate). One account's failure is logged and retried at
 * the next run; its window only moves when it was read whole. Answers how many were settled.
 */
export async function reconcilePixApi(s: Services, only?: { companyId: string }): Promise<number> {
  const rows = (await configuredRows(s)).filter((r) => !only || r.companyId === only.companyId);
  let settled = 0;
  for (const row of rows) {
    const conn = connectionOf(s, row);
    if (!conn) continue;
    const now = s.clock.now();
    const inicio = new Date(row.reconciledUntil ? row.reconciledUntil.getTime() - OVERLAP_MS : now - FIRST_WINDOW_MS).toISOString();
    const fim = new Date(now).toISOString();
    try {
      for (let page = 0, pages = 1; page < pages && page < MAX_PAGES; page++) {
        const q = new URLSearchParams({ inicio, fim, txIdPresente: 'true', 'paginacao.paginaAtual': String(page), 'paginacao.itensPorPagina': '100' });
        const { body } = await pspCall<PixSchemas['PixConsultados']>(s, conn, 'GET', `/pix?${q}`);
        pages = body?.parametros?.paginacao?.quantidadeDePaginas ?? 1;
        for (const raw of body?.pix ?? []) {
          const pix = pixSchema.safeParse(raw);
          if (pix.success && (await settleReceivedPix(s, row, pix.data)) === 'settled') settled++;
        }
      }
      await systemTenant(s, row.companyId, 'schedule').db.update(S).set({ reconciledUntil: new Date(now) }).where(and(eq(S.companyId, row.companyId), eq(S.id, row.id)));
    } catch (err) {
      console.warn('[pix-api] reconcile failed', row.accountId, (err as Error).message);
    }
  }
  return settled;
}

export const CERT_ALERTS_QUEUE = 'pix-api-certificate-alerts';
export const CERT_ALERTS_CRON = '0 8 * * *';

/**
 * The API Pix certificates' expiry alert (decision 0560), like the A1's: each certificate within
 * PIX_API_CERT_ALERT_DAYS of expiry is claimed once and notified to the members who read Financeiro.
 */
export async function sendPixApiCertificateAlerts(s: Services): Promise<number> {
  const now = s.clock.now();
  const limit = new Date(now + PIX_API_CERT_ALERT_DAYS * 86_400_000);
  const due = await s.db
    .select({ id: S.id, companyId: S.companyId })
    .from(S)
    .where(sql`${S.certExpiryNotifiedAt} is null and ${S.certNotAfter} <= ${limit.toISOString()}`);
  let alerted = 0;
  for (const { id, companyId } of due) {
    const tenant = systemTenant(s, companyId, 'schedule');
    alerted += await tenantTransaction(tenant, async ({ client, db }) => {
      const [claimed] = await db
        .update(S)
        .set({ certExpiryNotifiedAt: new Date(now) })
        .where(sql`${S.id} = ${id} and ${S.companyId} = ${companyId} and ${S.certExpiryNotifiedAt} is null`)
        .returning({ notAfter: S.certNotAfter, accountId: S.accountId });
      if (!claimed?.notAfter) return 0;
      const [account] = await db.select({ name: schema.finAccounts.name }).from(schema.finAccounts).where(eq(schema.finAccounts.id, claimed.accountId));
      const when = day(claimed.notAfter.toISOString().slice(0, 10));
      const expired = claimed.notAfter.getTime() < now;
      await notify(
        s,
        {
          companyId,
          userIds: await financeReaders({ db, companyId } as never),
          kind: 'alert',
          title: `O certificado da API Pix (${account?.name ?? 'conta'}) ${expired ? 'venceu' : 'vence'} em ${when}`,
          body: 'Sem um certificado válido o banco recusa as cobranças Pix dinâmicas e os avisos de pagamento. Gere um novo no portal do banco e envie-o na conta, em Financeiro › Cadastros.',
          link: '/financeiro?aba=cadastros',
        },
        client,
      );
      return 1;
    });
  }
  return alerted;
}
