import { Hono } from 'hono';
import type { AppEnv, Services } from '../../services.ts';

export function cnpjRoutes(_s: Services) {
  const app = new Hono<AppEnv>();
  return app;
}
