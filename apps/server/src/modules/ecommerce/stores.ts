import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { ECOMMERCE_MESSAGES as M, PROVIDER_LABELS, PROVIDERS, type Provider, type Store, type StoreList } from '@sede/shared/ecommerce/schemas';
import { AppError, conflict } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { startJob, wakeJobWorker } from '../../platform/jobs/run.ts';
import { announce } from '../../platform/live/announce.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';
import { foundOr404, systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import type { StoreAuth } from './http.ts';
import type { StoreRef } from './into-sede.ts';
import { checkState, signState } from './oauth-state.ts';
import { providerOf } from './providers.ts';

const { ecommerceStores: S, ecommerceOrders: O } = schema;
export type StoreRow = typeof S.$inferSelect;
export const STORE_ENTITY = 'ecommerce_store';
export const IMPORT_JOB = 'ecommerce.import';

const orderCount = sql<number>`(select count(*)::int from ecommerce_orders o where o.store_id = ecommerce_stores.id)`;

export const toStore = (r: StoreRow & { orderCount: number }): Store => ({
  id: r.id,
  provider: r.provider as Provider,
  externalId: r.externalId,
  name: r.name,
  status: r.status as Store['status'],
  lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
  lastError: r.lastError,
  importJobId: r.importJobId,
  connectedAt: r.connectedAt.toISOString(),
  orderCount: r.orderCount,
});

export const storeRef = (r: StoreRow): StoreRef => ({ id: r.id, companyId: r.companyId, provider: r.provider, name: r.name, accountId: r.accountId });

/** The store's credentials for its API; a disconnected store has none (409). Tokens that expire come with their renewal (decision 0683). */
export function storeAuth(s: Services, r: StoreRow): StoreAuth {
  if (r.status === 'disconnected' || !r.accessTokenEnc) throw conflict(M.disconnected, 'STORE_DISCONNECTED');
  const token = decryptSecret(s, r.accessTokenEnc);
  const renewable = Boolean(providerOf(r.provider).refreshTokens && r.refreshTokenEnc);
  const auth: StoreAuth = { storeId: r.externalId, token, expiresAt: r.tokenExpiresAt };
  if (renewable) auth.refresh = () => renewToken(s, r, auth.token);
  return auth;
}

/**
 * A new access token from the single-use refresh token (decision 0683), under the store's row
 * lock: a second caller finding the token already renewed by the first uses that one instead of
 * spending the refresh token twice. A refusal marks the store 'error' with a message asking for
 * a reconnection and ends the work at hand.
 */
async function renewToken(s: Services, r: StoreRow, held: string): Promise<{ token: string; expiresAt: Date | null }> {
  const provider = providerOf(r.provider);
  const t = systemTenant(s, r.companyId, 'sync');
  let failure: string | null = null;
  const fresh = await t.db.transaction(async (tx) => {
    const [row] = await tx.select().from(S).where(and(eq(S.id, r.id), eq(S.companyId, r.companyId), isNull(S.disconnectedAt))).for('update');
    if (!row?.accessTokenEnc || !row.refreshTokenEnc) throw conflict(M.disconnected, 'STORE_DISCONNECTED');
    const current = decryptSecret(s, row.accessTokenEnc);
    if (current !== held) return { token: current, expiresAt: row.tokenExpiresAt };
    try {
      const next = await provider.refreshTokens!(s, decryptSecret(s, row.refreshTokenEnc));
      const fields = { accessTokenEnc: encryptSecret(s, next.accessToken), refreshTokenEnc: next.refreshToken ? encryptSecret(s, next.refreshToken) : row.refreshTokenEnc, tokenExpiresAt: next.expiresAt, updatedAt: new Date() };
      await tx.update(S).set(fields).where(eq(S.id, row.id));
      return { token: next.accessToken, expiresAt: next.expiresAt };
    } catch {
      failure = M.refreshFailed(PROVIDER_LABELS[r.provider as Provider] ?? r.provider);
      return null;
    }
  });
  if (fresh) return fresh;
  await markSynced(t, r.id, failure);
  throw new AppError(409, 'STORE_REFRESH_FAILED', failure!);
}

export async function listStores(s: Services, t: Tenant): Promise<StoreList> {
  const rows = await t.db.select({ s: S, orderCount }).from(S).where(eq(S.companyId, t.companyId)).orderBy(asc(S.createdAt), asc(S.id));
  return { stores: rows.map((r) => toStore({ ...r.s, orderCount: r.orderCount })), available: PROVIDERS.filter((p) => providerOf(p).configured(s)) };
}

export async function storeRow(t: Tenant, id: string): Promise<StoreRow> {
  return foundOr404(id, M.storeNotFound, () => t.db.select().from(S).where(and(eq(S.companyId, t.companyId), eq(S.id, id))));
}

export async function getStore(t: Tenant, id: string): Promise<Store> {
  const r = await storeRow(t, id);
  const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(O).where(eq(O.storeId, r.id))) as [{ n: number }];
  return toStore({ ...r, orderCount: n });
}

/** Where the person approves Sede at the store (decision 0681). */
export function startConnection(s: Services, t: Tenant, provider: Provider): { url: string } {
  return { url: providerOf(provider).authorizeUrl(s, signState(s, t, provider)) };
}

/**
 * The code back from the store: the token (encrypted at rest), the store's name, its webhooks,
 * the row (a reconnection of the company's own store updates it) and the import of the last 90
 * days as a job, started in the same transaction. A store another company holds is a 409.
 */
export async function completeConnection(s: Services, t: Tenant, provider: Provider, input: { code: string; state: string }): Promise<Store> {
  checkState(s, t, provider, input.state);
  const p = providerOf(provider);
  const tokens = await p.exchangeCode(s, input.code);
  const { storeId } = tokens;
  const [held] = await t.db
    .select({ companyId: S.companyId })
    .from(S)
    .where(and(eq(S.provider, provider), eq(S.externalId, storeId), isNull(S.disconnectedAt)));
  if (held && held.companyId !== t.companyId) throw conflict(M.storeTakenElsewhere, 'STORE_TAKEN');
  const described = await p.describe(s, { storeId, token: tokens.accessToken });
  const name = described.name.slice(0, 120) || `Loja ${storeId}`;
  const { webhookIds } = described;
  const id = await tenantTransaction(t, async ({ client, db }) => {
    const [existing] = await db
      .select({ id: S.id })
      .from(S)
      .where(and(eq(S.companyId, t.companyId), eq(S.provider, provider), eq(S.externalId, storeId)))
      .orderBy(sql`${S.disconnectedAt} IS NULL DESC`, asc(S.createdAt))
      .limit(1)
      .for('update');
    const fields = {
      name,
      status: 'connected',
      accessTokenEnc: encryptSecret(s, tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? encryptSecret(s, tokens.refreshToken) : null,
      tokenExpiresAt: tokens.expiresAt,
      webhookIds, lastError: null, connectedAt: new Date(), disconnectedAt: null, updatedAt: new Date() };
    const [row] = existing
      ? await db.update(S).set(fields).where(eq(S.id, existing.id)).returning({ id: S.id })
      : await db.insert(S).values({ companyId: t.companyId, provider, externalId: storeId, createdBy: t.actorId, ...fields }).returning({ id: S.id });
    const job = await startJob(s, t, IMPORT_JOB, { storeId: row!.id }, client);
    await db.update(S).set({ importJobId: job.id }).where(eq(S.id, row!.id));
    await logAudit(db, t, { action: 'ecommerce_store_connected', entity: STORE_ENTITY, id: row!.id, details: { provider, label: name } });
    await announce(db, { companyId: t.companyId, entity: STORE_ENTITY, id: row!.id, action: existing ? 'updated' : 'created' });
    return row!.id;
  }).catch((e: unknown) => {
    if ((e as { code?: string }).code === '23505') throw conflict(M.storeTakenElsewhere, 'STORE_TAKEN');
    throw e;
  });
  wakeJobWorker(s, IMPORT_JOB);
  return getStore(t, id);
}

/** Starts the 90 days' import again (a store with an error, or on request). */
export async function resync(s: Services, t: Tenant, id: string): Promise<Store> {
  const row = await storeRow(t, id);
  storeAuth(s, row);
  await tenantTransaction(t, async ({ client, db }) => {
    const job = await startJob(s, t, IMPORT_JOB, { storeId: row.id }, client);
    await db.update(S).set({ importJobId: job.id, updatedAt: new Date() }).where(eq(S.id, row.id));
  });
  wakeJobWorker(s, IMPORT_JOB);
  return getStore(t, id);
}

/**
 * Disconnect: the webhooks removed at the store (as far as it answers), the token forgotten, the
 * orders, customers and receivables kept (decision 0681).
 */
export async function disconnect(s: Services, t: Tenant, id: string): Promise<Store> {
  const row = await storeRow(t, id);
  if (row.status !== 'disconnected' && row.accessTokenEnc) {
    // Best effort: a refused renewal or an unreachable platform never keeps a store connected here.
    await providerOf(row.provider)
      .forget(s, storeAuth(s, row), row.webhookIds)
      .catch(() => null);
  }
  await t.db.transaction(async (tx) => {
    await tx
      .update(S)
      .set({ status: 'disconnected', accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, webhookIds: [], disconnectedAt: row.disconnectedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(S.id, row.id));
    await logAudit(tx, t, { action: 'ecommerce_store_disconnected', entity: STORE_ENTITY, id: row.id, details: { provider: row.provider, label: row.name } });
    await announce(tx, { companyId: t.companyId, entity: STORE_ENTITY, id: row.id, action: 'updated' });
  });
  return getStore(t, id);
}

/** After a sync: when it went and how (an error is shown on the store's card). */
export async function markSynced(t: Pick<Tenant, 'db' | 'companyId'>, storeId: string, error: string | null, o: { often?: boolean } = {}): Promise<void> {
  const changed = await t.db
    .update(S)
    .set(error ? { status: 'error', lastError: error.slice(0, 500), updatedAt: new Date() } : { status: 'connected', lastError: null, lastSyncAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(S.companyId, t.companyId),
        eq(S.id, storeId),
        isNull(S.disconnectedAt),
        // A webhook or notification after each order (`often`): the store's one row is written at most every
        // SYNC_MARK_EVERY_S while it stays healthy, not by every delivery in turn (decision 0753). The catch-up
        // reads from its last sync minus ten minutes, so a mark up to that late loses nothing.
        !error && o.often ? sql`(${S.lastSyncAt} IS NULL OR ${S.lastSyncAt} < now() - make_interval(secs => ${SYNC_MARK_EVERY_S}) OR ${S.status} <> 'connected')` : undefined,
      ),
    )
    .returning({ id: S.id });
  // Open pages refetch the store's card: its count, last sync and error.
  if (changed.length) await announce(t.db, { companyId: t.companyId, entity: STORE_ENTITY, id: storeId, action: 'updated' });
}

/** How often a healthy store's last sync is written by its webhooks at most (decision 0753). */
export const SYNC_MARK_EVERY_S = 30;

/**
 * After a webhook or notification was applied: the store's mark (decision 0753), judged first on
 * the row the delivery has already read, so a healthy store's delivery spends no round trip on it
 * (decision 0744). The statement's own condition still decides when the row says a mark is due.
 */
export async function markDelivered(t: Pick<Tenant, 'db' | 'companyId'>, row: Pick<StoreRow, 'id' | 'status' | 'lastSyncAt'>, now = Date.now()): Promise<boolean> {
  const fresh = row.status === 'connected' && row.lastSyncAt !== null && now - row.lastSyncAt.getTime() < SYNC_MARK_EVERY_S * 1000;
  if (fresh) return false;
  await markSynced(t, row.id, null, { often: true });
  return true;
}
