import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CHANNEL_LABELS, MARKETING_LIMITS as L, PIECE_FORMAT_LABELS, type MarketingChannel, type PieceFormat } from '@sede/shared/marketing/constants';
import { REVIEW_MESSAGES as RM, creativeCopySchema, type CopyResponse, type CreativeCopy } from '@sede/shared/marketing/review';
import { badRequest } from '../../http/errors.ts';
import { generateStructured, type AiCredentials } from '../../platform/ai/index.ts';
import { creativeCopyV1 } from '../../platform/ai/prompts/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { Services, Tenant } from '../../services.ts';
import { visiblePieceOf } from './access.ts';
import { clientName } from './clients-service.ts';
import { REVIEW_PIECE_ENTITY } from './review-service.ts';
import { announce } from '../../platform/live/announce.ts';

const { marketingClients: C, organizations: O, companies: CO, marketingPieces: P } = schema;

/** Brand-kit keys the prompt names in Portuguese; any other text field goes as it is. */
const BRAND_LABELS: Record<string, string> = {
  tone: 'Tom de voz',
  toneOfVoice: 'Tom de voz',
  voice: 'Tom de voz',
  audience: 'Público',
  colors: 'Cores',
  fonts: 'Fontes',
  values: 'Valores',
  keywords: 'Palavras-chave',
  avoid: 'Evitar',
  description: 'Descrição',
  slogan: 'Slogan',
};

/** The brand kit as prompt lines: text, numbers and lists of text only (ids and files are left out). */
export function brandKitLines(kit: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(kit ?? {})) {
    if (/id$|logo|file/i.test(key)) continue;
    const label = BRAND_LABELS[key] ?? key;
    const text = Array.isArray(value)
      ? value
          .map((v) => (typeof v === 'string' ? v : v && typeof v === 'object' ? Object.values(v as Record<string, unknown>).filter((x) => typeof x === 'string').join(' ') : ''))
          .filter(Boolean)
          .join(', ')
      : typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : '';
    if (text.trim()) lines.push(`${label}: ${text.trim().slice(0, 500)}`);
  }
  return lines.slice(0, 20);
}

/** Hashtags as the pieces keep them: no '#', letters, digits and '_' only, unique. */
export function cleanHashtags(tags: string[]): string[] {
  const out = new Set<string>();
  for (const t of tags) {
    const v = t.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '').slice(0, L.hashtag);
    if (v) out.add(v);
  }
  return [...out].slice(0, L.hashtags);
}

/**
 * The AI copy of a piece (paid action ai.creative_copy, decision 0333): from its brief (the one
 * sent is saved first) and its client's brand kit; charged once per request id, refunded on any
 * failure. The proposal is kept on the piece until the next one (it was paid for: a reload must
 * not lose it); nothing else changes until the person picks a variant into a new version.
 */
export async function generateCopy(s: Services, t: Tenant, creds: AiCredentials, pieceId: string, req: { requestId: string; brief: string | null }): Promise<CopyResponse> {
  const piece = await visiblePieceOf(t, pieceId);
  const brief = req.brief ?? piece.brief;
  if (!brief?.trim()) throw badRequest(RM.briefRequired, 'MARKETING_BRIEF_REQUIRED');
  if (req.brief !== null && req.brief !== piece.brief) {
    await t.db.update(P).set({ brief: req.brief, updatedBy: t.actorId, updatedAt: new Date() }).where(and(eq(P.id, piece.id), eq(P.companyId, t.companyId)));
    await announce(t.db, { companyId: t.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
  }
  const [client] = await t.db
    .select({ name: clientName, brandKit: C.brandKit })
    .from(C)
    .innerJoin(CO, eq(CO.id, C.companyId))
    .leftJoin(O, eq(O.id, C.organizationId))
    .where(and(eq(C.id, piece.clientId), eq(C.companyId, t.companyId)));
  const input = {
    cliente: client?.name ?? '',
    canal: CHANNEL_LABELS[piece.channel as MarketingChannel] ?? piece.channel,
    formato: PIECE_FORMAT_LABELS[piece.format as PieceFormat] ?? piece.format,
    titulo: piece.title,
    briefing: brief,
    marca: brandKitLines(client?.brandKit ?? {}),
    textoAtual: piece.copy,
  };
  const out = await runPaidAction(s, t, { action: 'ai.creative_copy', reference: `creative-copy:${piece.id}:${req.requestId}`, ownKey: creds.source === 'own' }, async () => {
    const r = await generateStructured(s, creds, { prompt: creativeCopyV1, input, schema: creativeCopySchema, maxTokens: 2000 });
    const data = r.data as CreativeCopy;
    const copy: CreativeCopy = { captions: data.captions.map((c) => c.trim()).filter(Boolean), hashtags: cleanHashtags(data.hashtags), adVariants: data.adVariants };
    await t.db.update(P).set({ aiCopy: copy, aiCopyAt: new Date() }).where(and(eq(P.id, piece.id), eq(P.companyId, t.companyId)));
    await announce(t.db, { companyId: t.companyId, entity: REVIEW_PIECE_ENTITY, id: piece.id, action: 'updated' });
    return copy;
  });
  return { copy: out.result, charged: out.charged, balance: out.balance };
}
