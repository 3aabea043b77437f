import { Hono, type Context } from 'hono';
import { activityQuerySchema } from '@sede/shared/activity';
import { changeRoleSchema, memberIdSchema } from '@sede/shared/members';
import type { CompanyEnv, Services } from '../../services.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requireAdmin, requireCompany, requireViewer } from '../../http/middleware.ts';
import { changeRole, listActivity, listMembers, removeMember } from './service.ts';

/** The admin area: members, roles, removal and the activity log, always of the caller's company. */
export function membersRoutes(s: Services) {
  const app = new Hono<CompanyEnv>();
  app.use('*', requireViewer(s), requireCompany, requireAdmin);
  const actor = (c: Context<CompanyEnv>) => ({
    viewer: c.get('viewer'),
    companyId: c.get('companyId'),
    userAgent: c.req.header('user-agent') ?? null,
  });

  app.get('/', async (c) => c.json({ members: await listMembers(s, c.get('companyId'), c.get('viewer').user.id) }));

  app.get('/activity', async (c) => {
    const query = parseWith(activityQuerySchema, c.req.query());
    return c.json(await listActivity(s, c.get('companyId'), query));
  });

  app.patch('/:userId', async (c) => {
    const userId = parseWith(memberIdSchema, c.req.param('userId'));
    const input = parseWith(changeRoleSchema, await readJson(c));
    await changeRole(s, actor(c), userId, input);
    return c.json({ success: true });
  });

  app.delete('/:userId', async (c) => {
    const userId = parseWith(memberIdSchema, c.req.param('userId'));
    await removeMember(s, actor(c), userId);
    return c.json({ success: true });
  });

  return app;
}
