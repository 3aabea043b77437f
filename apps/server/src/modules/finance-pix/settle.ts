import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { money } from '@sede/shared/format';
import { PIX_MESSAGES as M } from '@sede/shared/finance/pix';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { auditLine } from '../../platform/audit.ts';
import { announcedAfterCommit } from '../../platform/live/announce.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { type LockedEntryRow, membersJson, readersAmong, settleLockedEntry, type MemberGrants } from '../finance/public.ts';
import { CHARGE_ENTITY } from './charges.ts';
import { forgetPaymentPages } from './page-cache.ts';

const { finCharges: CH, finChargeEvents: EV, finEntries: E } = schema;

/**
 * A provider's word that a charge was paid. `companyId` comes from where the notification proved
 * it belongs (the PSP's or Asaas's account of that company, a link's row), never from its body.
 */
export type ChargePaid = {
  companyId: string;
  /** 'pix_static', the PSP's name, 'asaas'… with `externalEventId` the notification's own id (Pix: the end-to-end id). */
  provider: string;
  externalEventId: string;
  /** Which charge: its txid (Pix) or its id. */
  txid?: string;
  chargeId?: string;
  amountCents: number;
  paidAt: Date;
  payerName?: string | null;
  endToEndId?: string | null;
};

export type SettleOutcome = { outcome: 'settled' | 'duplicate'; chargeId: string; entryId: string; paymentId: string | null };

/**
 * The one settlement of a charge (decision 0533), for every way money comes in (static Pix, the
 * API Pix's webhook and reconciliation, Asaas): in one transaction it records the notification
 * once (UNIQUE company, provider, event id — the same notification again answers 'duplicate' and
 * changes nothing), settles the receivable through Financeiro's own payment (principal up to what
 * is open, any surplus as interest), marks the charge paid, writes the activity log, notifies the
 * members who read Financeiro and announces the change so open pages update.
 */
export async function settleCharge(s: Services, input: ChargePaid): Promise<SettleOutcome> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw badRequest(M.amount, 'ZERO_AMOUNT');
  const tenant = systemTenant(s, input.companyId, 'webhook');
  // Announced after the commit (decision 0765): concurrent settlements do not queue on the notify lock.
  const out = await announcedAfterCommit(tenant.db, (later): Promise<SettleOutcome> =>
    tenantTransaction(tenant, async ({ client, db }) => {
      // The payment's id first: the notification and the charge name it in the same statement as the lock.
      const paymentId = randomUUID();
      const { charge, entry, eventId, members } = await lockChargeAndRecord(db, tenant, input, paymentId);
      if (!eventId) return { outcome: 'duplicate', chargeId: charge.id, entryId: charge.entryId, paymentId: null };
      // Another notification of a charge already paid (a second way in, the same payment): kept, not settled again.
      if (charge.status === 'paid') return { outcome: 'duplicate', chargeId: charge.id, entryId: charge.entryId, paymentId: null };
      if (charge.status !== 'open') throw conflict(M.chargeNotOpen, 'CHARGE_NOT_OPEN');
      if (!entry) throw notFound(M.chargeNotFound);
      if (entry.status === 'paid') throw conflict(M.alreadyPaid, 'ENTRY_ALREADY_PAID');
      if (entry.status === 'cancelled') throw conflict(M.cancelled, 'ENTRY_CANCELLED');
      const open = entry.amountCents - entry.paidCents;
      const principal = Math.min(open, input.amountCents);
      // The entry is locked above: Financeiro's payment on that row, in this transaction (no savepoint, no
      // re-read), with the settlement's own audit line written alongside the payment's.
      const payment = await settleLockedEntry(
        db,
        tenant,
        entry,
        { entryId: entry.id, accountId: charge.accountId, paidDate: todayInBrazil(input.paidAt), amountCents: principal, interestCents: input.amountCents - principal },
        later,
        auditLine({ action: 'charge_paid', entity: 'fin_entry', id: entry.id, details: { chargeId: charge.id, method: charge.method, provider: input.provider, amountCents: input.amountCents } }),
        paymentId,
      );
      later.push({ companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entry.id, action: 'updated' });
      const readers = readersAmong(members);
      await notify(
        s,
        {
          companyId: tenant.companyId,
          // The members who read Financeiro and whoever created the receivable (decision 0549).
          userIds: entry.createdBy ? [...readers, entry.createdBy] : readers,
          kind: 'alert',
          title: 'Pagamento recebido',
          body: `${entry.description.slice(0, 120)} — ${money(input.amountCents)}${input.payerName ? `, pago por ${input.payerName.slice(0, 80)}` : ''}`,
          link: '/financeiro?aba=contas-a-receber',
          entity: { type: 'fin_entry', id: entry.id },
        },
        client,
        later,
      );
      return { outcome: 'settled', chargeId: charge.id, entryId: entry.id, paymentId: payment.id };
    }),
  );
  // Its payment page shows it paid at once on this instance (the others hear the announcement).
  if (out.outcome === 'settled') forgetPaymentPages(s, input.companyId);
  return out;
}

type LockedRow = {
  id: string;
  entry_id: string;
  account_id: string;
  method: string;
  status: string;
  event_id: string | null;
  members: MemberGrants[];
  entry_status: LockedEntryRow['status'] | null;
  entry_amount_cents: string | number | null;
  entry_paid_cents: string | number | null;
  entry_created_by: string | null;
  entry_description: string | null;
};
type LockedEntry = LockedEntryRow & { createdBy: string | null; description: string };

/**
 * The charge and its receivable locked and the notification recorded, in one statement (decision
 * 0740), which also reads the company's members for the notice to those who read Financeiro and,
 * when the charge and the receivable are open, marks the charge paid with the payment's id
 * (`paymentId`, written next in this transaction; any refusal after this rolls it all back).
 * `eventId` null when this notification was recorded before (the UNIQUE company, provider, event
 * id): a second delivery waits here on the charge's row until the first one commits, then finds
 * its notification taken.
 */
async function lockChargeAndRecord(db: DbOrTx, tenant: Tenant, input: ChargePaid, paymentId: string) {
  // What settles: an open charge of an open receivable. Anything else writes no payment: a charge
  // already paid keeps the notification only; the rest is refused below and rolls it all back.
  const settles = sql`ch.status = 'open' AND ent.status = 'open'`;
  const which = input.chargeId ? sql`id = ${input.chargeId}` : input.txid ? sql`txid = ${input.txid}` : sql`false`;
  const { rows } = await db.execute<LockedRow>(sql`
    WITH ch AS (
      SELECT id, entry_id, account_id, method, status FROM ${CH} WHERE company_id = ${tenant.companyId} AND ${which} FOR UPDATE
    ), ent AS (
      SELECT id, status, amount_cents, paid_cents, created_by, description FROM ${E}
       WHERE company_id = ${tenant.companyId} AND id = (SELECT entry_id FROM ch) FOR UPDATE
    ), ev AS (
      INSERT INTO ${EV} (company_id, charge_id, provider, external_event_id, kind, amount_cents, payment_id)
      SELECT ${tenant.companyId}, ch.id, ${input.provider}, ${input.externalEventId}, 'paid', ${input.amountCents}, CASE WHEN ${settles} THEN ${paymentId}::uuid END
        FROM ch LEFT JOIN ent ON true
      ON CONFLICT DO NOTHING
      RETURNING id, payment_id
    ), paid AS (
      UPDATE ${CH} SET status = 'paid', paid_at = ${input.paidAt.toISOString()}, paid_cents = ${input.amountCents}, payer_name = ${input.payerName?.slice(0, 200) ?? null},
                       end_to_end_id = ${input.endToEndId ?? null}, updated_at = ${new Date().toISOString()}
       WHERE id = (SELECT id FROM ch) AND EXISTS (SELECT 1 FROM ev WHERE payment_id IS NOT NULL)
    )
    SELECT ch.*, (SELECT id FROM ev) AS event_id, ${membersJson(tenant.companyId)} AS members,
           ent.status AS entry_status, ent.amount_cents AS entry_amount_cents, ent.paid_cents AS entry_paid_cents,
           ent.created_by AS entry_created_by, ent.description AS entry_description
      FROM ch LEFT JOIN ent ON true`);
  const row = rows[0];
  if (!row) throw notFound(M.chargeNotFound);
  const charge = { id: row.id, entryId: row.entry_id, accountId: row.account_id, method: row.method, status: row.status };
  const entry: LockedEntry | null = row.entry_status === null
    ? null
    : { id: row.entry_id, status: row.entry_status, amountCents: Number(row.entry_amount_cents), paidCents: Number(row.entry_paid_cents), createdBy: row.entry_created_by, description: row.entry_description! };
  return { charge, entry, eventId: row.event_id, members: row.members };
}
