import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '@sede/db/client';
import { schema } from '@sede/db/client';
import { ENTITY_CHANNEL } from '../../platform/live/announce.ts';
import type { EnvelopeEventKind } from '@sede/shared/esign/schemas';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Who acted, as the evidence keeps it: the connection's address and the browser's own words. */
export type Witness = { ip: string | null; userAgent: string | null };
export const NO_WITNESS: Witness = { ip: null, userAgent: null };

export function witnessOf(c: Context): Witness {
  let ip: string | null = null;
  try {
    ip = getConnInfo(c).remote.address ?? null;
  } catch {
    ip = null;
  }
  return { ip, userAgent: c.req.header('user-agent')?.slice(0, 400) ?? null };
}

/** One line of evidence, written in the transaction of the change it records (decision 0552). */
export async function recordEvent(
  db: DbOrTx,
  e: { companyId: string; envelopeId: string; signerId?: string | null; kind: EnvelopeEventKind; at: Date; documentSha256: string | null; witness?: Witness },
) {
  await db.insert(schema.signatureEvents).values({
    companyId: e.companyId,
    envelopeId: e.envelopeId,
    signerId: e.signerId ?? null,
    kind: e.kind,
    at: e.at,
    ip: e.witness?.ip ?? null,
    userAgent: e.witness?.userAgent ?? null,
    documentSha256: e.documentSha256,
  });
}

type EventLine = { companyId: string; envelopeId: string; kind: EnvelopeEventKind; at: Date; documentSha256: string | null; witness?: Witness };

/**
 * A signer's change and its line of evidence in one statement (decision 0720): as atomic as a
 * transaction without its round trips. `changed` is an UPDATE … RETURNING the signer's `id`; the
 * line is written only when it touched a row; `also` are more changes that may read `changed`
 * (e.g. the envelope's status); `announce` is a payload NOTIFYed when it changed. Answers whether it did.
 */
export async function changeWithEvent(db: DbOrTx, changed: SQLWrapper, e: EventLine, also: SQL[] = [], announce?: string): Promise<boolean> {
  const { signatureEvents: V } = schema;
  const more = also.map((part, i) => sql`, ${sql.raw(`also_${i}`)} AS (${part})`);
  const notify = announce ? sql`, pg_notify(${ENTITY_CHANNEL}, ${announce})` : sql``;
  // The builder's own SQL: embedded as a wrapper, Drizzle would parenthesise it twice (not valid around an UPDATE).
  const result = await db.execute(sql`WITH changed AS (${changed.getSQL()}),
      line AS (INSERT INTO ${V} (company_id, envelope_id, signer_id, kind, at, ip, user_agent, document_sha256)
               SELECT ${e.companyId}::uuid, ${e.envelopeId}::uuid, changed.id, ${e.kind}, ${e.at.toISOString()}::timestamptz, ${e.witness?.ip ?? null}, ${e.witness?.userAgent ?? null}, ${e.documentSha256} FROM changed)${sql.join(more, sql``)}
    SELECT changed.id${notify} FROM changed`);
  return result.rows.length > 0;
}
