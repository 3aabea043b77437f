import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createDynamicPix, hasError } from 'pix-utils';
import { schema, type DbOrTx } from '@sede/db/client';
import { PIX_API_MESSAGES as M } from '@sede/shared/finance/pix-api';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { CHARGE_ENTITY, type ChargeRow, type DynamicPixMaker, qrSvg } from '../finance-pix/public.ts';
import { type PixSchemas, PspError, pspCall } from './client.ts';
import { connectionOf, type SettingsRow, settingsRow } from './settings.ts';

const { finCharges: CH, organizations: O, people: P, companies: CO } = schema;

/** A cob stays payable for 7 days; one older than 6 is remade before it is shown again. */
export const COB_EXPIRY_SECONDS = 7 * 86_400;
const COB_REUSE_MS = 6 * 86_400_000;
/** A cobv is payable for 30 days after its due date (with fine and interest when set). */
export const COBV_DAYS_AFTER_DUE = 30;
export const PIX_API_PROVIDER = 'pix_api';

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The API Pix's txid: 26 to 35 alphanumerics; ours are 32. */
export function newDynamicTxid(): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return id;
}

export const reais = (cents: number) => (cents / 100).toFixed(2);
const percent = (bps: number) => (bps / 100).toFixed(2);

type Debtor = { cnpj: string; nome: string } | { cpf: string; nome: string };

/** The receivable's customer as the API Pix's devedor (organization's CNPJ or person's CPF), if on file. */
export async function debtorOf(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entry: { organizationId: string | null; personId: string | null }): Promise<Debtor | null> {
  if (entry.organizationId) {
    const [o] = await db.select({ cnpj: O.cnpj, name: O.razaoSocial }).from(O).where(and(eq(O.companyId, tenant.companyId), eq(O.id, entry.organizationId)));
    if (o?.cnpj && /^\d{14}$/.test(o.cnpj)) return { cnpj: o.cnpj, nome: o.name.slice(0, 200) };
  }
  if (entry.personId) {
    const [p] = await db.select({ cpf: P.cpf, name: P.name }).from(P).where(and(eq(P.companyId, tenant.companyId), eq(P.id, entry.personId)));
    if (p?.cpf && /^\d{11}$/.test(p.cpf)) return { cpf: p.cpf, nome: p.name.slice(0, 200) };
  }
  return null;
}

/** What a current charge must still be to be shown again instead of a new one. */
const reusable = (s: Services, c: ChargeRow, row: SettingsRow, amountCents: number, method: 'pix_cob' | 'pix_cobv') =>
  c.method === method && c.amountCents === amountCents && c.pixKey === row.pixKey && c.accountId === row.accountId && (method === 'pix_cobv' || s.clock.now() - c.createdAt.getTime() < COB_REUSE_MS);

/** The QR payload: the PSP's pixCopiaECola, or one built from its location (PSPs before API Pix 2.x). */
async function payloadOf(tx: DbOrTx, tenant: Pick<Tenant, 'companyId'>, answer: { pixCopiaECola?: string; location?: string; loc?: { location?: string } }): Promise<string> {
  if (answer.pixCopiaECola) return answer.pixCopiaECola;
  const location = answer.location ?? answer.loc?.location;
  if (!location) throw new PspError('PIX_API_BAD_ANSWER', M.badAnswer);
  const [company] = await tx.select({ name: CO.name, fantasia: CO.fantasia, city: CO.city }).from(CO).where(eq(CO.id, tenant.companyId));
  const pix = createDynamicPix({ merchantName: (company?.fantasia || company?.name || 'EMPRESA').slice(0, 25), merchantCity: (company?.city || 'BRASIL').slice(0, 15), url: location.replace(/^https?:\/\//, '') });
  if (hasError(pix)) throw new PspError('PIX_API_BAD_ANSWER', M.badAnswer);
  return pix.throwIfError().toBRCode();
}

/**
 * The dynamic charge of a receivable (decision 0562), called by finance-pix inside its transaction
 * with the entry locked: null when the key's account has no API Pix (or no certificate yet: static
 * Pix then). A receivable due later with a customer's CPF/CNPJ on file is a `cobv` (due date, fine
 * and interest of the account's settings); anything else a `cob`. The current charge is kept while
 * it still matches; otherwise it is withdrawn at the PSP (best effort) and cancelled here.
 */
export const dynamicPixMaker =
  (s: Services): DynamicPixMaker =>
  async (tx, tenant, { entry, amountCents, key, current }) => {
    const row = await settingsRow(tx, tenant, key.accountId);
    const conn = row ? connectionOf(s, row) : null;
    if (!row || !conn) return null;
    const today = todayInBrazil(new Date(s.clock.now()));
    const debtor = await debtorOf(tx, tenant, entry);
    const method = entry.dueDate > today && debtor ? 'pix_cobv' : 'pix_cob';
    if (current && reusable(s, current, row, amountCents, method)) return current;
    const txid = newDynamicTxid();
    const solicitacaoPagador = entry.description.slice(0, 140);
    let answer: PixSchemas['CobGerada'] | PixSchemas['CobVGerada'];
    if (method === 'pix_cobv') {
      const valor: PixSchemas['CobVSolicitada']['valor'] = { original: reais(amountCents) };
      if (row.fineBps > 0) valor.multa = { modalidade: 2, valorPerc: percent(row.fineBps) };
      if (row.interestBps > 0) valor.juros = { modalidade: 3, valorPerc: percent(row.interestBps) };
      const body = { calendario: { dataDeVencimento: entry.dueDate, validadeAposVencimento: COBV_DAYS_AFTER_DUE }, devedor: debtor!, valor, chave: row.pixKey, solicitacaoPagador } satisfies PixSchemas['CobVSolicitada'];
      answer = (await pspCall<PixSchemas['CobVGerada']>(s, conn, 'PUT', `/cobv/${txid}`, body)).body;
    } else {
      const body: PixSchemas['CobSolicitada'] = { calendario: { expiracao: COB_EXPIRY_SECONDS }, valor: { original: reais(amountCents) }, chave: row.pixKey, solicitacaoPagador, ...(debtor ? { devedor: debtor } : {}) };
      answer = (await pspCall<PixSchemas['CobGerada']>(s, conn, 'PUT', `/cob/${txid}`, body)).body;
    }
    if (!answer || typeof answer !== 'object') throw new PspError('PIX_API_BAD_ANSWER', M.badAnswer);
    const brCode = await payloadOf(tx, tenant, answer as { pixCopiaECola?: string; location?: string; loc?: { location?: string } });
    if (current) {
      await tx.update(CH).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(CH.id, current.id));
      if (current.provider === PIX_API_PROVIDER) await withdraw(s, row, current);
    }
    const [made] = await tx
      .insert(CH)
      .values({
        companyId: tenant.companyId,
        entryId: entry.id,
        method,
        provider: PIX_API_PROVIDER,
        accountId: row.accountId,
        pixKey: row.pixKey,
        amountCents,
        txid,
        brCode,
        qrSvg: await qrSvg(brCode),
        providerReference: answer.loc?.id !== undefined ? String(answer.loc.id) : null,
        createdBy: tenant.actorId || null,
      })
      .returning();
    await announce(tx, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entry.id, action: 'updated' });
    return made!;
  };

/** The replaced charge withdrawn at the PSP so it can no longer be paid; a failure is only logged (the settlement refuses it anyway). */
async function withdraw(s: Services, row: SettingsRow, charge: ChargeRow) {
  const conn = connectionOf(s, row);
  if (!conn) return;
  const path = charge.method === 'pix_cobv' ? `/cobv/${charge.txid}` : `/cob/${charge.txid}`;
  try {
    await pspCall(s, conn, 'PATCH', path, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
  } catch (err) {
    console.warn('[pix-api] withdraw failed', charge.txid, (err as Error).message);
  }
}
