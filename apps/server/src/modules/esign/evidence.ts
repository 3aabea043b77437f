import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { DbOrTx } from '@sede/db/client';
import { schema } from '@sede/db/client';
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
