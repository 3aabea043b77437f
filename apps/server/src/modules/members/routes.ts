import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { activityPageSchema, activityQuerySchema } from '@sede/shared/activity';
import { changeRoleSchema, memberIdSchema, memberListSchema } from '@sede/shared/members';
import { okSchema } from '@sede/shared/platform/api';
import type { CompanyEnv, Services } from '../../services.ts';
import { answerSuccess, contract } from '../../http/contract.ts';
import { requireAdmin, requireCompany, requireViewer } from '../../http/middleware.ts';
import { changeRole, listActivity, listMembers, removeMember } from './service.ts';

/** A member is named by their account id (text, not a uuid); one that is not one names nobody. */
const memberParams = z.object({ userId: memberIdSchema });

/** The admin area: members, roles, removal and the activity log, always of the caller's company. */
export function membersRoutes(s: Services) {
  const app = new Hono<CompanyEnv>();
  app.use('*', requireViewer(s), requireCompany, requireAdmin);
  const actor = (c: Context<CompanyEnv, string, object>) => ({
    viewer: c.get('viewer'),
    companyId: c.get('companyId'),
    userAgent: c.req.header('user-agent') ?? null,
  });

  app.get('/', contract({ summary: 'Listar membros', response: memberListSchema }), async (c) =>
    c.json({ members: await listMembers(c.get('tenant'), c.get('viewer').user.id) }),
  );

  app.get('/activity', contract({ summary: 'Registro de atividades', query: activityQuerySchema, response: activityPageSchema }), async (c) =>
    c.json(await listActivity(c.get('tenant'), c.req.valid('query'))),
  );

  app.patch('/:userId', contract({ summary: 'Alterar função do membro', params: memberParams, body: changeRoleSchema, response: okSchema }), async (c) => answerSuccess(c, changeRole(s, actor(c), c.req.valid('param').userId, c.req.valid('json'))));

  app.delete('/:userId', contract({ summary: 'Remover membro', params: memberParams, response: okSchema }), async (c) => answerSuccess(c, removeMember(s, actor(c), c.req.valid('param').userId)));

  return app;
}
