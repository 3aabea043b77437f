import { Hono, type Context } from 'hono';
import {
  SUPPORT_MESSAGES as M,
  supportMessageSchema,
  supportMeSchema,
  supportOperatorListSchema,
  supportOperatorTicketDetailSchema,
  supportOperatorTicketListSchema,
  supportStatusSchema,
  supportTicketCreateSchema,
  supportTicketDetailSchema,
  supportTicketListSchema,
} from '@sede/shared/support/schemas';
import { contract, idParams } from '../../http/contract.ts';
import { notFound } from '../../http/errors.ts';
import { requireViewer } from '../../http/middleware.ts';
import { readEntityFile } from '../files/public.ts';
import { isPlatformOperator } from '../../platform/operators.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { AppEnv, Services } from '../../services.ts';
import {
  addOwnMessage,
  anyTicket,
  createTicket,
  listAllTickets,
  listOwnTickets,
  operatorDetail,
  operatorReply,
  ownTicket,
  setStatus,
  SUPPORT_TICKET_ENTITY,
  ticketDetail,
} from './service.ts';

const person = (c: Context<AppEnv>) => {
  const v = c.get('viewer');
  const name = `${v.user.firstName} ${v.user.lastName}`.trim() || v.user.email;
  return { userId: v.user.id, companyId: v.company?.id ?? null, email: v.user.email, name };
};

/** Whether the signed-in person is one of the platform's operators (SUPPORT_OPERATORS, verified e-mail). */
const ticketId = idParams(M.notFound);

export const isOperator = (s: Services, c: Context<AppEnv>) => isPlatformOperator(s.cfg, c.get('viewer').user);

/**
 * /api/support (decision 0280): every signed-in person's own tickets, with or without a
 * company; another person's ticket does not exist for them (404). /api/support/operator: the
 * platform's operators answer every ticket; for anyone else those paths do not exist (404).
 */
export function supportRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.get('/me', contract({ summary: 'Ver acesso ao suporte', response: supportMeSchema }), (c) =>
    c.json({ operator: isOperator(s, c), supportEmail: s.cfg.SUPPORT_EMAIL ?? null }),
  );
  app.get('/tickets', contract({ summary: 'Listar meus chamados', response: supportTicketListSchema }), async (c) =>
    c.json({ tickets: await listOwnTickets(s, c.get('viewer').user.id) }),
  );
  app.post('/tickets', contract({ summary: 'Abrir chamado', body: supportTicketCreateSchema, response: supportTicketDetailSchema, status: 201 }), async (c) =>
    c.json(await createTicket(s, person(c), c.req.valid('json')), 201),
  );
  app.get('/tickets/:id', contract({ summary: 'Ver meu chamado', params: ticketId, response: supportTicketDetailSchema }), async (c) =>
    c.json(await ticketDetail(s, await ownTicket(s, c.get('viewer').user.id, c.req.valid('param').id))),
  );
  app.post(
    '/tickets/:id/messages',
    contract({ summary: 'Escrever no meu chamado', params: ticketId, body: supportMessageSchema, response: supportTicketDetailSchema, status: 201 }),
    async (c) => {
      const ticket = await ownTicket(s, c.get('viewer').user.id, c.req.valid('param').id);
      return c.json(await addOwnMessage(s, person(c), ticket, c.req.valid('json').message), 201);
    },
  );
  /** The person closes their ticket (writing again reopens it). */
  app.post('/tickets/:id/resolve', contract({ summary: 'Encerrar meu chamado', params: ticketId, response: supportTicketDetailSchema }), async (c) =>
    c.json(await setStatus(s, await ownTicket(s, c.get('viewer').user.id, c.req.valid('param').id), 'resolvido')),
  );

  const operator = new Hono<AppEnv>();
  operator.use('*', async (c, next) => {
    if (!isOperator(s, c)) throw notFound();
    await next();
  });
  operator.get('/tickets', contract({ summary: 'Listar chamados (operador)', query: supportOperatorListSchema, response: supportOperatorTicketListSchema }), async (c) =>
    c.json({ tickets: await listAllTickets(s, c.req.valid('query')) }),
  );
  operator.get('/tickets/:id', contract({ summary: 'Ver chamado (operador)', params: ticketId, response: supportOperatorTicketDetailSchema }), async (c) =>
    c.json(await operatorDetail(s, await anyTicket(s, c.req.valid('param').id))),
  );
  operator.post(
    '/tickets/:id/replies',
    contract({ summary: 'Responder chamado (operador)', params: ticketId, body: supportMessageSchema, response: supportOperatorTicketDetailSchema, status: 201 }),
    async (c) => {
      const ticket = await anyTicket(s, c.req.valid('param').id);
      return c.json(await operatorReply(s, c.get('viewer').user.id, ticket, c.req.valid('json').message), 201);
    },
  );
  operator.post(
    '/tickets/:id/status',
    contract({ summary: 'Mudar situação do chamado (operador)', params: ticketId, body: supportStatusSchema, response: supportOperatorTicketDetailSchema }),
    async (c) => {
      const ticket = await anyTicket(s, c.req.valid('param').id);
      await setStatus(s, ticket, c.req.valid('json').status);
      return c.json(await operatorDetail(s, await anyTicket(s, ticket.id)));
    },
  );
  operator.get(
    '/tickets/:id/files/:fileId',
    contract({
      summary: 'Baixar anexo do chamado (operador)',
      params: idParams({ id: M.notFound, fileId: 'Arquivo não encontrado.' }),
      response: { media: 'application/octet-stream', description: 'O anexo' },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid('param');
      const ticket = await anyTicket(s, id);
      const file = ticket.companyId
        ? await readEntityFile(s, systemTenant(s, ticket.companyId, 'support', c.get('viewer').user.id), fileId, SUPPORT_TICKET_ENTITY, ticket.id)
        : null;
      if (!file) throw notFound('Arquivo não encontrado.');
      return new Response(new Uint8Array(file.bytes), {
        headers: {
          'content-type': file.mime,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          'x-content-type-options': 'nosniff',
          'cache-control': 'no-store',
        },
      });
    },
  );
  app.route('/operator', operator);
  return app;
}

