import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { PAYMENT_TOKEN_SHAPE, PIX_MESSAGES as M } from '@sede/shared/finance/pix';
import { notFound } from '../../http/errors.ts';
import { serverState } from '../../platform/module.ts';
import { authSecret } from '../../platform/secret.ts';
import type { Services, Tenant } from '../../services.ts';

const { finPaymentLinks: L } = schema;

/**
 * The payment page's token (decision 0532): the link's id and an HMAC-SHA256 of it under a key of
 * its own, 16 bytes each, base64url. A forged token is refused without a read; a genuine one is
 * alive while its row is not revoked (revoking, or a new link of the receivable, ends it).
 */
const key = (s: Services) => serverState(s, 'finance-pix.linkKey', () => createHmac('sha256', authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)).update('sede:payment-links:v1').digest());

const mac = (s: Services, id: Buffer) => createHmac('sha256', key(s)).update(id).digest().subarray(0, 16);
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => b.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export function paymentToken(s: Services, linkId: string): string {
  const id = uuidBytes(linkId);
  return `${id.toString('base64url')}${mac(s, id).toString('base64url')}`;
}

/** The link id a token names, or null when it is not one of ours. */
export function linkIdOf(s: Services, token: string): string | null {
  if (!PAYMENT_TOKEN_SHAPE.test(token)) return null;
  const id = Buffer.from(token.slice(0, 22), 'base64url');
  const given = Buffer.from(token.slice(22), 'base64url');
  if (id.length !== 16 || given.length !== 16 || !timingSafeEqual(given, mac(s, id))) return null;
  return uuidOf(id);
}

export const paymentUrl = (s: Services, linkId: string) => `${s.cfg.appUrl}/pagar/${paymentToken(s, linkId)}`;

export async function activeLink(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string) {
  const [row] = await db
    .select()
    .from(L)
    .where(and(eq(L.companyId, tenant.companyId), eq(L.entryId, entryId), isNull(L.revokedAt)));
  return row ?? null;
}

/** Revokes the receivable's active link, if any; answers whether there was one. */
export async function revokeLinks(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string): Promise<boolean> {
  const rows = await db
    .update(L)
    .set({ revokedAt: new Date() })
    .where(and(eq(L.companyId, tenant.companyId), eq(L.entryId, entryId), isNull(L.revokedAt)))
    .returning({ id: L.id });
  return rows.length > 0;
}

export async function newLink(db: DbOrTx, tenant: Tenant, entryId: string) {
  await revokeLinks(db, tenant, entryId);
  const [row] = await db.insert(L).values({ companyId: tenant.companyId, entryId, createdBy: tenant.actorId || null }).returning();
  return row!;
}

/**
 * The live link a token names, read before any tenant exists (its company comes from the row):
 * 404 with the page's message for a forged, unknown or revoked token.
 */
export async function linkOfToken(s: Services, token: string) {
  const id = linkIdOf(s, token);
  if (!id) throw notFound(M.linkInvalid);
  return liveLink(s, id);
}

/** The live link of an id a token proved ours (`linkIdOf`): 404 with the page's message for an unknown or revoked one. */
export async function liveLink(s: Services, id: string) {
  const [row] = await s.db.select().from(L).where(eq(L.id, id));
  if (!row || row.revokedAt) throw notFound(M.linkInvalid);
  return row;
}
