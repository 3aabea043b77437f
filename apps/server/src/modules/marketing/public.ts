import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { REVIEW_LIMITS as RL, REVIEW_MESSAGES as RM, type PublicApprovalView } from '@sede/shared/marketing/review';
import { notFound } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { signedEntityFileLinks } from '../files/public.ts';
import { clientName } from './clients-service.ts';
import { approvableVersion, decideByClient, linkOfToken, PIECE_FILE_ENTITY } from './review-service.ts';

/** What the public approval module (modules/marketing-public) uses of marketing. */
export { decideByClient };

const { marketingPieces: P, marketingClients: C, organizations: O, companies: CO, marketingPieceApprovals: A } = schema;

/**
 * The approval link's page (decision 0331): the client's and the company's names, the piece and
 * its latest version (when it has something to approve, decision 0391), its images and videos through signed links that live an hour; and the
 * decision already taken through this link, if any. Nothing else of the company.
 */
export async function publicApproval(s: Services, token: string): Promise<PublicApprovalView> {
  const link = await linkOfToken(s.db, token);
  const [row] = await s.db
    .select({ piece: P, clientName, companyName: CO.name, companyFantasia: CO.fantasia })
    .from(P)
    .innerJoin(C, eq(C.id, P.clientId))
    .innerJoin(CO, eq(CO.id, P.companyId))
    .leftJoin(O, eq(O.id, C.organizationId))
    .where(and(eq(P.id, link.pieceId), eq(P.companyId, link.companyId)));
  if (!row) throw notFound(RM.linkInvalid);
  const { piece } = row;
  // Only a version with something to approve is shown (decision 0391): the page then offers no decision.
  const version = await approvableVersion(s.db, link.companyId, piece.id);
  const files = version ? await signedEntityFileLinks(s, link.companyId, PIECE_FILE_ENTITY, piece.id, version.fileIds, RL.fileLinkMinutes) : [];
  const [decision] = link.decidedAt
    ? await s.db
        .select()
        .from(A)
        .where(and(eq(A.companyId, link.companyId), eq(A.linkId, link.id)))
        .orderBy(desc(A.createdAt))
        .limit(1)
    : [];
  return {
    clientName: row.clientName,
    companyName: row.companyFantasia?.trim() || row.companyName,
    piece: { title: piece.title, channel: piece.channel, format: piece.format, status: piece.status, scheduledAt: piece.scheduledAt?.toISOString() ?? null } as PublicApprovalView['piece'],
    version: version ? { number: version.number, copy: version.copy, hashtags: version.hashtags, files: files.map((f) => ({ name: f.name, kind: f.kind, mime: f.mime, url: `${f.path}?inline=1` })) } : null,
    expiresAt: link.expiresAt.toISOString(),
    decision: decision ? { decision: decision.decision as 'aprovado' | 'alteracoes', name: decision.reviewerName, comment: decision.comment, at: decision.createdAt.toISOString() } : null,
  };
}
