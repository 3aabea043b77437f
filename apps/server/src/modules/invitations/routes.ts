import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  invitationIdSchema,
  invitationTokenBodySchema,
  invitationTokenQuerySchema,
  sendInvitationSchema,
  type AcceptInvitationReply,
  type SendInvitationReply,
} from '@sede/shared/invitations';
import type { AppEnv, Services } from '../../services.ts';
import { AppError, notFound, parseWith, readJson } from '../../http/errors.ts';
import { requireAdmin, requireCompany, requireViewer } from '../../http/middleware.ts';
import {
  acceptInvitation,
  declineInvitation,
  getInvitationByToken,
  listMyInvitations,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from './service.ts';

/** send-invitation and accept_company_invitation answer `{ success, error }`, failures included. */
const successReply = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const err = c.error;
  if (err instanceof AppError) c.res = c.json({ success: false, error: err.message, code: err.code }, err.status);
});

/** A malformed id is as unknown as a foreign one: 404. */
function invitationId(value: string | undefined): string {
  const parsed = invitationIdSchema.safeParse(value);
  if (!parsed.success) throw notFound('Convite não encontrado');
  return parsed.data;
}

export function invitationsRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const viewer = requireViewer(s);
  const userAgent = (c: { req: { header: (n: string) => string | undefined } }) => c.req.header('user-agent') ?? null;

  /** Public: the invite pages load the invitation by its token (sign-in optional). */
  app.get('/by-token', async (c) => {
    const { token } = parseWith(invitationTokenQuerySchema, { token: c.req.query('token') ?? '' });
    const cached = await s.viewers.fromHeaders(c.req.raw.headers);
    c.header('Cache-Control', 'no-store');
    return c.json({ invitation: await getInvitationByToken(s, token, cached?.viewer ?? null) });
  });

  /** The signed-in person's own pending invitations (see listMyInvitations). */
  app.get('/mine', viewer, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ invitations: await listMyInvitations(s, c.get('viewer')) });
  });

  app.post('/accept', successReply, viewer, async (c) => {
    const { invitation_token } = parseWith(invitationTokenBodySchema, await readJson(c));
    const { user } = c.get('viewer');
    const result = await acceptInvitation(s, user, invitation_token, userAgent(c));
    return c.json({ success: true, error: null, companyName: result.companyName, alreadyAccepted: result.alreadyAccepted } satisfies AcceptInvitationReply);
  });

  /** process_invite_after_confirmation: the same idempotent acceptance, called by the page after confirming. */
  app.post('/process-after-confirmation', successReply, viewer, async (c) => {
    const { invitation_token } = parseWith(invitationTokenBodySchema, await readJson(c));
    const { user } = c.get('viewer');
    const result = await acceptInvitation(s, user, invitation_token, userAgent(c));
    return c.json({ success: true, error: null, companyName: result.companyName, alreadyAccepted: result.alreadyAccepted } satisfies AcceptInvitationReply);
  });

  /** Decline: the token is the invitee's credential; a signed-in caller must be the invitee. */
  app.delete('/decline', async (c) => {
    const { invitation_token } = parseWith(invitationTokenBodySchema, await readJson(c));
    const cached = await s.viewers.fromHeaders(c.req.raw.headers);
    await declineInvitation(s, invitation_token, cached?.viewer ?? null, userAgent(c));
    return c.json({ success: true, error: null });
  });

  // Admin: send, list, resend, revoke (always within the caller's own company).
  app.post('/', successReply, viewer, requireCompany, requireAdmin, async (c) => {
    const input = parseWith(sendInvitationSchema, await readJson(c));
    const invitation = await sendInvitation(s, { viewer: c.get('viewer'), companyId: c.get('companyId'), userAgent: userAgent(c) }, input);
    return c.json({ success: true, error: null, invitation } satisfies SendInvitationReply, 201);
  });

  app.get('/', viewer, requireCompany, requireAdmin, async (c) => {
    return c.json({ invitations: await listPendingInvitations(s, c.get('companyId')) });
  });

  app.post('/:id/resend', viewer, requireCompany, requireAdmin, async (c) => {
    const id = invitationId(c.req.param('id'));
    const invitation = await resendInvitation(s, { viewer: c.get('viewer'), companyId: c.get('companyId'), userAgent: userAgent(c) }, id);
    return c.json({ success: true, error: null, invitation });
  });

  app.delete('/:id', viewer, requireCompany, requireAdmin, async (c) => {
    const id = invitationId(c.req.param('id'));
    await revokeInvitation(s, { viewer: c.get('viewer'), companyId: c.get('companyId'), userAgent: userAgent(c) }, id);
    return c.json({ success: true, error: null });
  });

  return app;
}
