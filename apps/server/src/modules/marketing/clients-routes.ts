import type { Context, Hono } from 'hono';
import { clientCreateSchema } from '@sede/shared/marketing/clients';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { createClient, listClients } from './clients-service.ts';

/** /api/marketing/clients: the companies the team serves. */
export function clientsRoutes(r: Hono<CompanyEnv>) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  r.get('/clients', async (c) => c.json({ clients: await listClients(t(c)) }));
  r.post('/clients', requirePermission('marketing.write'), async (c) => c.json(await createClient(t(c), parseWith(clientCreateSchema, await readJson(c)).organizationId), 201));
}
