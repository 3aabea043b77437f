import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PieceListQuery } from '@sede/shared/marketing/pieces';
import type {
  ApprovalLinkCreated,
  CopyResponse,
  CreativeCovers,
  DecisionInput,
  PieceReview,
  PublicApprovalView,
  PublicDecisionInput,
  VersionCreateInput,
  VersionView,
} from '@sede/shared/marketing/review';
import { aiApi } from '../../../lib/ai-api.ts';
import { api } from '../../../lib/api-client.ts';
import { useCursorPages } from '../../../lib/cursor-pages.ts';
import { marketingKeys } from './keys.ts';
import { fetchPieces } from './pieces.ts';

/** The creatives' cards: pieces newest changed first, a page at a time ('Carregar mais'). */
export const useCreatives = (q: PieceListQuery) =>
  useCursorPages(marketingKeys.creatives(q), (cursor) => fetchPieces({ ...q, cursor: cursor ?? undefined }));

export const useCovers = (ids: string[]) =>
  useQuery({ queryKey: marketingKeys.covers(ids), queryFn: () => api<CreativeCovers>(`/marketing/creatives/covers?ids=${ids.join(',')}`), enabled: ids.length > 0, placeholderData: keepPreviousData });

export const useReview = (pieceId: string | null) => useQuery({ queryKey: marketingKeys.review(pieceId ?? ''), queryFn: () => api<PieceReview>(`/marketing/pieces/${pieceId}/review`), enabled: !!pieceId });

export const createVersion = (pieceId: string, data: VersionCreateInput) => api<VersionView>(`/marketing/pieces/${pieceId}/versions`, { method: 'POST', json: data });
export const restoreVersion = (pieceId: string, versionId: string) => api<VersionView>(`/marketing/pieces/${pieceId}/versions/${versionId}/restore`, { method: 'POST', json: {} });
export const generateCopy = (pieceId: string, body: { requestId: string; brief: string | null }) => aiApi<CopyResponse>(`/marketing/pieces/${pieceId}/copy`, { method: 'POST', json: body });
export const decide = (pieceId: string, body: DecisionInput) => api<{ status: string; waitingForClient: boolean }>(`/marketing/pieces/${pieceId}/decision`, { method: 'POST', json: body });
export const createApprovalLink = (pieceId: string) => api<ApprovalLinkCreated>(`/marketing/pieces/${pieceId}/approval-links`, { method: 'POST', json: {} });
export const revokeApprovalLink = (pieceId: string, linkId: string) => api<{ ok: true }>(`/marketing/pieces/${pieceId}/approval-links/${linkId}`, { method: 'DELETE' });

// The client's page (no account).
export const fetchPublicApproval = (token: string) => api<PublicApprovalView>(`/public/marketing/approvals/${encodeURIComponent(token)}`);
export const decidePublic = (token: string, body: PublicDecisionInput) => api<{ status: string }>(`/public/marketing/approvals/${encodeURIComponent(token)}/decision`, { method: 'POST', json: body });
