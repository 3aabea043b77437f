import type { Context, MiddlewareHandler } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { trustedOrigins } from '../../http/security.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { syncEvents, type SyncType } from './rooms.ts';

/**
 * The sync socket of an entity type (decisions 0283, 0310), as `r.get('/:id/sync', ...syncSocket(…))`
 * behind the area's session, company and permission guards: the Origin must be one of ours (a
 * WebSocket is not covered by the browser's same-origin policy: another site gets 403); `access`
 * runs the same visibility check as the entity's GET (another company's or an unknown id throws its
 * 404 before any upgrade) and says whether this person may change it (read-only otherwise, 4403).
 */
export function syncSocket(s: Services, def: SyncType, access: (c: Context<CompanyEnv>, id: string) => Promise<{ canWrite: boolean }>): [MiddlewareHandler<CompanyEnv>, MiddlewareHandler<CompanyEnv>] {
  const trusted = new Set(trustedOrigins(s.cfg));
  const allowed = new WeakMap<Request, boolean>();
  return [
    async (c, next) => {
      const origin = c.req.header('origin');
      if (origin !== undefined && !trusted.has(origin)) return c.json({ error: 'Origem da requisição não permitida.', code: 'FORBIDDEN_ORIGIN' }, 403);
      const { canWrite } = await access(c, c.req.param('id')!);
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return c.json({ error: 'Esta rota aceita apenas WebSocket.', code: 'WEBSOCKET_REQUIRED' }, 400);
      allowed.set(c.req.raw, canWrite);
      return next();
    },
    upgradeWebSocket((c) => {
      const epoch = c.req.query('epoch');
      const clientEpoch = epoch !== undefined && /^\d{1,9}$/.test(epoch) ? Number(epoch) : null;
      const cc = c as unknown as Context<CompanyEnv>;
      return syncEvents(s, def, cc.get('tenant'), c.req.param('id')!, allowed.get(c.req.raw) === true, clientEpoch);
    }) as MiddlewareHandler<CompanyEnv>,
  ];
}
