import { and, eq, inArray, isNull } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { DEALS_MESSAGES as M } from '@sede/shared/crm/deals';
import { badRequest } from '../../http/errors.ts';

const DP = schema.dealPeople;
const Pe = schema.people;

/**
 * The contacts a create or update asks for (decision 0404): `personIds` in order when given, else
 * `personId` as the only one; undefined leaves them as they are.
 */
export function requestedContacts(input: { personId?: string | null; personIds?: string[] }): string[] | undefined {
  if (input.personIds !== undefined) return input.personIds;
  if (input.personId !== undefined) return input.personId ? [input.personId] : [];
  return undefined;
}

/** Every contact must be a live person of the company (else 400, nothing written). */
export async function checkContacts(db: DbOrTx, companyId: string, ids: readonly string[]) {
  if (!ids.length) return;
  const found = await db
    .select({ id: Pe.id })
    .from(Pe)
    .where(and(eq(Pe.companyId, companyId), inArray(Pe.id, [...ids]), isNull(Pe.deletedAt)));
  if (found.length !== ids.length) throw badRequest(M.personInvalid, 'PERSON_INVALID');
}

/** Rewrites a deal's contacts in order, inside the caller's transaction; answers the main one for `deals.person_id`. */
export async function writeContacts(tx: DbOrTx, companyId: string, dealId: string, ids: readonly string[]): Promise<string | null> {
  await tx.delete(DP).where(and(eq(DP.companyId, companyId), eq(DP.dealId, dealId)));
  if (ids.length) await tx.insert(DP).values(ids.map((personId, position) => ({ companyId, dealId, personId, position })));
  return ids[0] ?? null;
}
