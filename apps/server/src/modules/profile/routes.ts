import { Hono } from 'hono';
import type { AppEnv, Services } from '../../services.ts';

export function profileRoutes(_s: Services) {
  const app = new Hono<AppEnv>();
  return app;
}
