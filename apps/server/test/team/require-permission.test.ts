import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { computePermissions } from '@sede/shared/permissions';
import type { Viewer } from '@sede/shared/viewer';
import type { AppEnv } from '../../src/services.ts';
import { requirePermission } from '../../src/http/middleware.ts';
import { handleError } from '../../src/http/errors.ts';

/**
 * requirePermission with a guard key (the spec's flags) and with permissions by action
 * (the registry's grants). Only the middleware: the viewer is set by hand, no database.
 */
function appFor(membership: Viewer['membership'], ...keys: Parameters<typeof requirePermission>) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', async (c, next) => {
    c.set('viewer', {
      user: { id: 'u', email: 'u@x.com', emailVerified: true, firstName: 'U', lastName: 'X', image: null },
      profile: null,
      company: membership ? ({ id: 'c' } as Viewer['company']) : null,
      membership,
      permissions: computePermissions(membership),
    });
    await next();
  });
  app.get('/x', requirePermission(...keys), (c) => c.json({ ok: true }));
  return app;
}
const status = async (app: Hono<AppEnv>) => (await app.request('/x')).status;

describe('requirePermission', () => {
  it('a guard key: open for the role that holds it, 403 otherwise', async () => {
    expect(await status(appFor({ role: 'vendas', customPermissions: [] }, 'comercial'))).toBe(200);
    expect(await status(appFor({ role: 'rh', customPermissions: [] }, 'comercial'))).toBe(403);
  });

  it('a permission by action: comercial.export for vendas and admin, not for marketing', async () => {
    expect(await status(appFor({ role: 'vendas', customPermissions: [] }, 'sales.export'))).toBe(200);
    expect(await status(appFor({ role: 'admin', customPermissions: [] }, 'sales.export'))).toBe(200);
    expect(await status(appFor({ role: 'custom', customPermissions: ['vendas'] }, 'sales.export'))).toBe(200);
    const refused = await appFor({ role: 'marketing', customPermissions: [] }, 'sales.export').request('/x');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('several keys: at least one, mixing guard keys and permissions', async () => {
    expect(await status(appFor({ role: 'financeiro', customPermissions: [] }, 'comercial', 'finance.approve'))).toBe(200);
    expect(await status(appFor({ role: 'juridico', customPermissions: [] }, 'comercial', 'finance.approve'))).toBe(403);
  });

  it('no membership: 403 even for what the default set shows open', async () => {
    expect(await status(appFor(null, 'sales.read'))).toBe(403);
  });
});
