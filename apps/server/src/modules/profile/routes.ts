import { Hono } from 'hono';
import { profileSchema } from '@sede/shared/profile';
import type { AppEnv, Services } from '../../services.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requireViewer } from '../../http/middleware.ts';
import { getProfile, saveProfile } from './service.ts';

/** The signed-in person's own profile (no company needed: invitees complete it before joining). */
export function profileRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', requireViewer(s));

  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getProfile(s, c.get('viewer').user.id));
  });

  app.put('/', async (c) => {
    const data = parseWith(profileSchema, await readJson(c));
    return c.json(await saveProfile(s, c.get('viewer'), data, c.req.header('user-agent') ?? null));
  });

  return app;
}
