import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  acceptInvitationReplySchema,
  invitationByTokenReplySchema,
  invitationDoneSchema,
  invitationTokenBodySchema,
  invitationTokenQuerySchema,
  INVITE_MESSAGES,
  myInvitationsSchema,
  pendingInvitationsSchema,
  sendInvitationReplySchema,
  sendInvitationSchema,
  type AcceptInvitationReply,
  type SendInvitationReply,
} from '@sede/shared/invitations';
import type { AppEnv, CompanyEnv, Services } from '../../services.ts';
import { AppError } from '../../http/errors.ts';
import { contract, idParams } from '../../http/contract.ts';
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
const invitationId = idParams(INVITE_MESSAGES.notFound);

export function invitationsRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const viewer = requireViewer(s);
  const userAgent = (c: Context) => c.req.header('user-agent') ?? null;
  const actor = (c: Context<CompanyEnv, string, object>) => ({ tenant: c.get('tenant'), viewer: c.get('viewer'), userAgent: userAgent(c) });

  /** Public: the invite pages load the invitation by its token (sign-in optional). */
  app.get(
    '/by-token',
    contract({ summary: 'Ver convite pelo token', query: invitationTokenQuerySchema, response: invitationByTokenReplySchema, public: true }),
    async (c) => {
      const { token } = c.req.valid('query');
      const cached = await s.viewers.fromHeaders(c.req.raw.headers);
      c.header('Cache-Control', 'no-store');
      return c.json({ invitation: await getInvitationByToken(s, token, cached?.viewer ?? null) });
    },
  );

  /** The signed-in person's own pending invitations (see listMyInvitations). */
  app.get('/mine', viewer, contract({ summary: 'Listar meus convites pendentes', response: myInvitationsSchema }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ invitations: await listMyInvitations(s, c.get('viewer')) });
  });

  // accept_company_invitation, and process_invite_after_confirmation: the same idempotent
  // acceptance, called by the page after confirming the e-mail.
  for (const [path, summary] of [
    ['/accept', 'Aceitar convite'],
    ['/process-after-confirmation', 'Processar convite após confirmar o e-mail'],
  ] as const) {
    app.post(path, successReply, viewer, contract({ summary, body: invitationTokenBodySchema, response: acceptInvitationReplySchema }), async (c) => {
      const result = await acceptInvitation(s, c.get('viewer').user, c.req.valid('json').invitation_token, userAgent(c));
      return c.json({ success: true, error: null, companyName: result.companyName, alreadyAccepted: result.alreadyAccepted } satisfies AcceptInvitationReply);
    });
  }

  /** Decline: the token is the invitee's credential; a signed-in caller must be the invitee. */
  app.delete(
    '/decline',
    contract({ summary: 'Recusar convite', body: invitationTokenBodySchema, response: invitationDoneSchema, public: true }),
    async (c) => {
      const cached = await s.viewers.fromHeaders(c.req.raw.headers);
      await declineInvitation(s, c.req.valid('json').invitation_token, cached?.viewer ?? null, userAgent(c));
      return c.json({ success: true as const, error: null });
    },
  );

  // Admin: send, list, resend, revoke (always within the caller's own company).
  app.post(
    '/',
    successReply,
    viewer,
    requireCompany,
    requireAdmin,
    contract({ summary: 'Enviar convite', body: sendInvitationSchema, response: sendInvitationReplySchema, status: 201 }),
    async (c) => {
      const invitation = await sendInvitation(s, actor(c), c.req.valid('json'));
      return c.json({ success: true, error: null, invitation } satisfies SendInvitationReply, 201);
    },
  );

  app.get('/', viewer, requireCompany, requireAdmin, contract({ summary: 'Listar convites pendentes', response: pendingInvitationsSchema }), async (c) =>
    c.json({ invitations: await listPendingInvitations(c.get('tenant')) }),
  );

  app.post(
    '/:id/resend',
    viewer,
    requireCompany,
    requireAdmin,
    contract({ summary: 'Reenviar convite', params: invitationId, response: sendInvitationReplySchema }),
    async (c) => {
      const invitation = await resendInvitation(s, actor(c), c.req.valid('param').id);
      return c.json({ success: true, error: null, invitation } satisfies SendInvitationReply);
    },
  );

  app.delete('/:id', viewer, requireCompany, requireAdmin, contract({ summary: 'Revogar convite', params: invitationId, response: invitationDoneSchema }), async (c) => {
    await revokeInvitation(actor(c), c.req.valid('param').id);
    return c.json({ success: true as const, error: null });
  });

  return app;
}
