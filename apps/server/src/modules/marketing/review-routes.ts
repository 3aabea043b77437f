import { okFlagSchema } from '@sede/shared/platform/api';
import type { Context, Hono } from 'hono';
import { MARKETING_MESSAGES as M } from '@sede/shared/marketing/constants';
import {
  approvalLinkCreatedSchema,
  copyRequestSchema,
  copyResponseSchema,
  coversQuerySchema,
  creativeCoversSchema,
  decisionSchema,
  internalDecisionSchema,
  linkParamsSchema,
  pieceReviewSchema,
  versionCreateSchema,
  versionParamsSchema,
  versionViewSchema,
} from '@sede/shared/marketing/review';
import { contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { requireAiCredentials } from '../../platform/ai/index.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { generateCopy } from './copy-service.ts';
import { createApprovalLink, createVersion, creativeCovers, decideInternal, getReview, restoreVersion, revokeApprovalLink } from './review-service.ts';

const pieceId = idParams(M.pieceNotFound);

/**
 * /api/marketing/pieces/:id/… — a creative's versions, AI copy and approval (decisions
 * 0330–0334). Reading needs `marketing.read` (the area router); writing `marketing.write`; the AI
 * copy also `marketing.ai`.
 */
export function reviewRoutes(r: Hono<CompanyEnv>, s: Services) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const write = requirePermission('marketing.write');

  r.get('/creatives/covers', contract({ summary: 'Capas dos criativos', query: coversQuerySchema, response: creativeCoversSchema }), async (c) =>
    c.json(await creativeCovers(t(c), c.req.valid('query').ids)),
  );
  r.get('/pieces/:id/review', contract({ summary: 'Ver versões e aprovações da peça', params: pieceId, response: pieceReviewSchema }), async (c) => c.json(await getReview(t(c), c.req.valid('param').id)));
  r.post('/pieces/:id/versions', write, contract({ summary: 'Criar versão da peça', params: pieceId, body: versionCreateSchema, response: versionViewSchema, status: 201 }), async (c) =>
    c.json(await createVersion(t(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.post('/pieces/:id/versions/:versionId/restore', write, contract({ summary: 'Restaurar versão da peça', params: versionParamsSchema, response: versionViewSchema, status: 201 }), async (c) => {
    const { id, versionId } = c.req.valid('param');
    return c.json(await restoreVersion(t(c), id, versionId), 201);
  });
  r.post('/pieces/:id/copy', write, requirePermission('marketing.ai'), contract({ summary: 'Gerar texto da peça com IA', params: pieceId, body: copyRequestSchema, response: copyResponseSchema }), async (c) => {
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    return c.json(await generateCopy(s, t(c), creds, c.req.valid('param').id, c.req.valid('json')));
  });
  r.post('/pieces/:id/decision', write, contract({ summary: 'Aprovar ou pedir alterações', params: pieceId, body: decisionSchema, response: internalDecisionSchema, status: 201 }), async (c) =>
    c.json(await decideInternal(s, t(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.post('/pieces/:id/approval-links', write, contract({ summary: 'Criar link de aprovação', params: pieceId, response: approvalLinkCreatedSchema, status: 201 }), async (c) =>
    c.json(await createApprovalLink(s, t(c), c.req.valid('param').id), 201),
  );
  r.delete('/pieces/:id/approval-links/:linkId', write, contract({ summary: 'Cancelar link de aprovação', params: linkParamsSchema, response: okFlagSchema }), async (c) => {
    const { id, linkId } = c.req.valid('param');
    await revokeApprovalLink(t(c), id, linkId);
    return c.json({ ok: true as const });
  });
}
