import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type DbOrTx } from '@sede/db/client';
import { PIX_MESSAGES as M, type PixKey, type PixKeyType, type pixKeyCreateSchema } from '@sede/shared/finance/pix';
import { conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';

const { finPixKeys: K, finAccounts: A } = schema;

/** The live entity of the keys list: the registers page refetches it. */
export const PIX_KEY_ENTITY = 'fin_pix_key';

const toKey = (r: typeof K.$inferSelect, accountName: string): PixKey => ({
  id: r.id,
  accountId: r.accountId,
  accountName,
  type: r.type as PixKeyType,
  key: r.key,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

export async function listPixKeys(tenant: Tenant): Promise<PixKey[]> {
  const rows = await tenant.db
    .select({ k: K, accountName: A.name })
    .from(K)
    .innerJoin(A, eq(A.id, K.accountId))
    .where(eq(K.companyId, tenant.companyId))
    .orderBy(desc(K.isDefault), asc(A.name), asc(K.createdAt));
  return rows.map((r) => toKey(r.k, r.accountName));
}

const isUnique = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return (e.code ?? e.cause?.code) === '23505' && (e.constraint ?? e.cause?.constraint) === constraint;
};

async function clearDefault(tx: DbOrTx, tenant: Tenant) {
  await tx.update(K).set({ isDefault: false }).where(and(eq(K.companyId, tenant.companyId), eq(K.isDefault, true)));
}

const changed = (tx: DbOrTx, tenant: Tenant, id: string, action: string) => announce(tx, { companyId: tenant.companyId, entity: PIX_KEY_ENTITY, id, action });

/**
 * A key of an active account of the company, validated and kept in the DICT's form (decision 0530).
 * The company's first key becomes its default; marking another default unmarks the old one.
 */
export async function createPixKey(tenant: Tenant, input: z.output<typeof pixKeyCreateSchema>): Promise<PixKey> {
  try {
    return await tenant.db.transaction(async (tx) => {
      const [account] = await tx
        .select({ name: A.name, archivedAt: A.archivedAt })
        .from(A)
        .where(and(eq(A.companyId, tenant.companyId), eq(A.id, input.accountId)));
      if (!account) throw notFound(M.accountNotFound);
      if (account.archivedAt) throw conflict(M.accountArchived, 'ACCOUNT_ARCHIVED');
      const [first] = await tx.select({ id: K.id }).from(K).where(eq(K.companyId, tenant.companyId)).limit(1);
      const isDefault = input.isDefault || !first;
      if (isDefault) await clearDefault(tx, tenant);
      const [row] = await tx
        .insert(K)
        .values({ companyId: tenant.companyId, accountId: input.accountId, type: input.type, key: input.key, isDefault, createdBy: tenant.actorId || null })
        .returning();
      // The key itself may be a person's CPF or e-mail: only its type goes in the log.
      await logAudit(tx, tenant, { action: 'pix_key_created', entity: PIX_KEY_ENTITY, id: row!.id, details: { type: input.type } });
      await changed(tx, tenant, row!.id, 'created');
      return toKey(row!, account.name);
    });
  } catch (err) {
    if (isUnique(err, 'fin_pix_keys_company_key_idx')) throw conflict(M.keyTaken, 'PIX_KEY_TAKEN');
    throw err;
  }
}

export async function makeDefaultPixKey(tenant: Tenant, id: string): Promise<PixKey> {
  return tenant.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: K.id }).from(K).where(and(eq(K.companyId, tenant.companyId), eq(K.id, id))).for('update');
    if (!found) throw notFound(M.keyNotFound);
    await clearDefault(tx, tenant);
    const [row] = await tx.update(K).set({ isDefault: true }).where(eq(K.id, id)).returning();
    const [account] = await tx.select({ name: A.name }).from(A).where(eq(A.id, row!.accountId));
    await changed(tx, tenant, id, 'updated');
    return toKey(row!, account?.name ?? '');
  });
}

/** Deleting the default key passes the mark to the oldest key left, so a company with keys always has one. */
export async function deletePixKey(tenant: Tenant, id: string): Promise<void> {
  await tenant.db.transaction(async (tx) => {
    const [row] = await tx.delete(K).where(and(eq(K.companyId, tenant.companyId), eq(K.id, id))).returning();
    if (!row) throw notFound(M.keyNotFound);
    if (row.isDefault) {
      const [next] = await tx.select({ id: K.id }).from(K).where(eq(K.companyId, tenant.companyId)).orderBy(asc(K.createdAt)).limit(1);
      if (next) await tx.update(K).set({ isDefault: true }).where(eq(K.id, next.id));
    }
    await logAudit(tx, tenant, { action: 'pix_key_deleted', entity: PIX_KEY_ENTITY, id, details: { type: row.type } });
    await changed(tx, tenant, id, 'deleted');
  });
}

/** The company's default key and its account, or null when it has none. */
export async function findDefaultPixKey(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>) {
  const [row] = await db
    .select({ key: K.key, accountId: K.accountId, archivedAt: A.archivedAt })
    .from(K)
    .innerJoin(A, eq(A.id, K.accountId))
    .where(and(eq(K.companyId, tenant.companyId), eq(K.isDefault, true)));
  return row ?? null;
}

/** The key a new charge uses: the company's default, on an active account (409 otherwise). */
export async function defaultPixKey(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>) {
  const row = await findDefaultPixKey(db, tenant);
  if (!row) throw conflict(M.noKey, 'PIX_KEY_MISSING');
  if (row.archivedAt) throw conflict(M.accountArchived, 'ACCOUNT_ARCHIVED');
  return row;
}
