import { approvalTokenParamsSchema, decisionResultSchema, publicApprovalViewSchema, publicDecisionSchema } from '@sede/shared/marketing/review';
import { contract } from '../../http/contract.ts';
import { publicRouter } from '../../http/public-router.ts';
import type { RateRule } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { decideByClient, publicApproval } from '../marketing/public.ts';

/**
 * Rate limits of the approval link's page (decision 0331), kept in PostgreSQL like the widget's:
 * per address, so guessing tokens or flooding decisions is refused with a 429. The address only
 * keys the counter; it is never stored with a decision.
 */
export const APPROVAL_RULES = {
  viewPerIp: { window: 60, max: 60 },
  decidePerIp: { window: 600, max: 10 },
} satisfies Record<string, RateRule>;

/**
 * /api/public/marketing/approvals/:token — a client approves a creative without an account
 * (decisions 0331, 0332). No session: the company and the piece come from the token.
 */
export function marketingPublicRoutes(s: Services) {
  const { r, limited } = publicRouter(s, 'marketing-approval', APPROVAL_RULES);
  r.get(
    '/approvals/:token',
    limited('viewPerIp'),
    contract({ summary: 'Ver a peça pelo link de aprovação', params: approvalTokenParamsSchema, response: publicApprovalViewSchema, public: true }),
    async (c) => c.json(await publicApproval(s, c.req.valid('param').token)),
  );
  r.post(
    '/approvals/:token/decision',
    limited('decidePerIp'),
    contract({ summary: 'Aprovar ou pedir alterações pelo link', params: approvalTokenParamsSchema, body: publicDecisionSchema, response: decisionResultSchema, status: 201, public: true }),
    async (c) => c.json(await decideByClient(s, c.req.valid('param').token, c.req.valid('json')), 201),
  );
  return r;
}
