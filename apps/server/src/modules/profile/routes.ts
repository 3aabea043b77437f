import { Hono } from 'hono';
import { profileSchema, profileViewSchema, saveProfileReplySchema } from '@sede/shared/profile';
import type { AppEnv, Services } from '../../services.ts';
import { contract } from '../../http/contract.ts';
import { requireViewer } from '../../http/middleware.ts';
import { getProfile, saveProfile } from './service.ts';

/** The signed-in person's own profile (no company needed: invitees complete it before joining). */
export function profileRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));

  app.get('/', contract({ summary: 'Ver meu perfil', response: profileViewSchema }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getProfile(s, c.get('viewer').user.id));
  });

  app.put('/', contract({ summary: 'Salvar meu perfil', body: profileSchema, response: saveProfileReplySchema }), async (c) =>
    c.json(await saveProfile(s, c.get('viewer'), c.req.valid('json'), c.req.header('user-agent') ?? null)),
  );

  return app;
}
