import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { REVIEW_LIMITS as RL, REVIEW_MESSAGES as RM, type PublicApprovalView } from '@sede/shared/marketing/review';
import { notFound } from '../../http/errors.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { signedEntityFileLinks } from '../files/public.ts';
import { clientName } from './clients-service.ts';
import { approvableVersion, decideByClient as decide, linkOfToken, PIECE_FILE_ENTITY } from './review-service.ts';

const { marketingPieces: P, marketingClients: C, organizations: O, companies: CO, marketingPieceApprovals: A } = schema;

/**
 * The approval link's page (decision 0331): the client's and the company's names, the piece and
 * its latest version (when it has something to approve, decision 0391), its images and videos through signed links that live an hour; and the
 * decision already taken through this link, if any. Nothing else of the company.
 */
export async function publicApproval(s: Services, token: string): Promise<PublicApprovalView> {
  const { link, db } = await linkTenant(s, token);
  const [row] = await db
    .select({ piece: P, clientName, companyName: CO.name, companyFantasia: CO.fantasia })
    .from(P)
    .innerJoin(C, eq(C.id, P.clientId))
    .innerJoin(CO, eq(CO.id, P.companyId))
    .leftJoin(O, eq(O.id, C.organizationId))
    .where(and(eq(P.id, link.pieceId), eq(P.companyId, link.companyId)));
  if (!row) throw notFound(RM.linkInvalid);
  const { piece } = row;
  // Only a version with something to approve is shown (decision 0391): the page then offers no decision.
  const version = await approvableVersion(db, link.companyId, piece.id);
  const files = version ? await signedEntityFileLinks(s, link.companyId, PIECE_FILE_ENTITY, piece.id, version.fileIds, RL.fileLinkMinutes) : [];
  const [decision] = link.decidedAt
    ? await db
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

/** The client's decision through the link (decision 0332), on the tenant of the link's company. */
export async function decideByClient(s: Services, token: string, input: { decision: 'aprovado' | 'alteracoes'; comment: string | null; name: string }) {
  const { tenant } = await linkTenant(s, token);
  return decide(s, tenant, token, input);
}

/** The link a token names and its company's tenant: the token is all the page has, read before any tenant exists. */
async function linkTenant(s: Services, token: string) {
  const link = await linkOfToken(s.db, token);
  const tenant = systemTenant(s, link.companyId, 'public-link');
  return { link, tenant, db: tenant.db };
}
