import type { MiddlewareHandler } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import type { ZodType } from 'zod';
import { canAny, grantsFor, type Permission } from '@sede/shared/registry/permissions';
import { contract } from '../../http/contract.ts';
import { forbidden, unauthenticated } from '../../http/errors.ts';
import { trustedOrigins } from '../../http/security.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import type { Viewer } from '../viewer.ts';
import { membershipKey, type SyncAccess, type SyncGrant } from './access.ts';
import { syncEvents, type SyncType } from './rooms.ts';

export type { SyncAccess };

/**
 * The sync socket of an entity type (decisions 0283, 0310), as `r.get('/:id/sync', ...syncSocket(…))`
 * behind the area's session, company and permission guards: the Origin must be one of ours (a
 * WebSocket is not covered by the browser's same-origin policy: another site gets 403); `access`
 * runs the same visibility check as the entity's GET (another company's or an unknown id throws its
 * 404 before any upgrade) and says whether this person may change it (read-only otherwise, 4403).
 * The socket keeps what it was granted with: `access` runs again on every write and whenever the
 * person's session, membership or the entity's sharing changes (decision 0420).
 */
export function syncSocket(s: Services, def: SyncType, access: SyncAccess): [MiddlewareHandler<CompanyEnv>, MiddlewareHandler<CompanyEnv>] {
  const trusted = new Set(trustedOrigins(s.cfg));
  const grants = new WeakMap<Request, SyncGrant>();
  return [
    async (c, next) => {
      const origin = c.req.header('origin');
      if (origin !== undefined && !trusted.has(origin)) return c.json({ error: 'Origem da requisição não permitida.', code: 'FORBIDDEN_ORIGIN' }, 403);
      const tenant = c.get('tenant');
      const viewer = c.get('viewer');
      const { canWrite } = await access({ tenant, viewer }, c.req.param('id')!);
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return c.json({ error: 'Esta rota aceita apenas WebSocket.', code: 'WEBSOCKET_REQUIRED' }, 400);
      const session = await s.viewers.sessionOf(c.req.raw.headers);
      if (!session) throw unauthenticated();
      grants.set(c.req.raw, {
        userId: tenant.actorId,
        companyId: tenant.companyId,
        sessionToken: session.token,
        sessionExpiresAt: session.expiresAt,
        membership: membershipKey(viewer),
        canWrite,
        access,
      });
      return next();
    },
    upgradeWebSocket((c) => {
      const epoch = c.req.query('epoch');
      const clientEpoch = epoch !== undefined && /^\d{1,9}$/.test(epoch) ? Number(epoch) : null;
      return syncEvents(s, def, c.req.param('id')!, grants.get(c.req.raw)!, clientEpoch);
    }) as MiddlewareHandler<CompanyEnv>,
  ];
}

/**
 * The handlers of an entity's `GET …/:id/sync` route: its contract, and a socket for members who
 * hold `read` (403 otherwise), after `visible` (the entity's own GET check: another company's or an
 * unknown id throws its 404); members who also hold `write` edit, the others follow read-only.
 */
export function syncRoute(
  s: Services,
  def: SyncType,
  { summary, params, read, write, visible }: { summary: string; params: ZodType<Record<string, unknown>>; read: Permission; write: Permission; visible: (tenant: Tenant, viewer: Viewer, id: string) => Promise<unknown> },
) {
  const [guard, upgrade] = syncSocket(s, def, async ({ tenant, viewer }, id) => {
    const grants = grantsFor(viewer.membership);
    if (!canAny(grants, [read])) throw forbidden();
    await visible(tenant, viewer, id);
    return { canWrite: canAny(grants, [write]) };
  });
  return [guard, contract({ summary, params, status: 101, response: { media: 'application/octet-stream', description: 'WebSocket' } }), upgrade] as const;
}
