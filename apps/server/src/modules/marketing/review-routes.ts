import type { Context, Hono } from 'hono';
import { copyRequestSchema, coversQuerySchema, decisionSchema, versionCreateSchema } from '@sede/shared/marketing/review';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { requireAiCredentials } from '../../platform/ai/index.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { generateCopy } from './copy-service.ts';
import { createApprovalLink, createVersion, creativeCovers, decideInternal, getReview, restoreVersion, revokeApprovalLink } from './review-service.ts';

/**
 * /api/marketing/pieces/:id/… — a creative's versions, AI copy and approval (issue 18; decisions
 * 0330–0334). Reading needs `marketing.read` (the area router); writing `marketing.write`; the AI
 * copy also `marketing.ai`.
 */
export function reviewRoutes(r: Hono<CompanyEnv>, s: Services) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const write = requirePermission('marketing.write');

  r.get('/creatives/covers', async (c) => c.json(await creativeCovers(t(c), parseWith(coversQuerySchema, c.req.query()).ids)));
  r.get('/pieces/:id/review', async (c) => c.json(await getReview(t(c), c.req.param('id'))));
  r.post('/pieces/:id/versions', write, async (c) => {
    const input = parseWith(versionCreateSchema, await readJson(c));
    return c.json(await createVersion(t(c), c.req.param('id'), input), 201);
  });
  r.post('/pieces/:id/versions/:versionId/restore', write, async (c) => c.json(await restoreVersion(t(c), c.req.param('id'), c.req.param('versionId')), 201));
  r.post('/pieces/:id/copy', write, requirePermission('marketing.ai'), async (c) => {
    const body = parseWith(copyRequestSchema, await readJson(c));
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    return c.json(await generateCopy(s, t(c), creds, c.req.param('id'), body));
  });
  r.post('/pieces/:id/decision', write, async (c) => c.json(await decideInternal(s, t(c), c.req.param('id'), parseWith(decisionSchema, await readJson(c))), 201));
  r.post('/pieces/:id/approval-links', write, async (c) => c.json(await createApprovalLink(s, t(c), c.req.param('id')), 201));
  r.delete('/pieces/:id/approval-links/:linkId', write, async (c) => {
    await revokeApprovalLink(t(c), c.req.param('id'), c.req.param('linkId'));
    return c.json({ ok: true });
  });
}
