import type { Context, Hono } from 'hono';
import type { Services } from '../services.ts';

/**
 * The module contract. A module is one capability of the server: its routes under
 * `/api<mount>`, what it starts (queues, schedules) and stops, and any per-server state it owns.
 * Modules are listed once, in `modules/index.ts`; `app.ts` mounts their routes and `server.ts`
 * starts and stops them, in that order.
 */
export type ModuleDefinition = {
  /** Unique, also the name of its folder under src/modules. */
  key: string;
  /** Path under /api where `routes` is mounted ('/companies'). */
  mount?: string;
  /** Whether this server runs the module at all (by configuration); on when absent. */
  enabled?: (s: Services) => boolean;
  // biome-ignore lint/suspicious/noExplicitAny: each module's router has its own env type
  routes?: (s: Services) => Hono<any>;
  /** Switches the web app needs before sign-in, merged into `GET /api/config`. */
  publicConfig?: (s: Services, c: Context) => Record<string, unknown>;
  /** Start-up work: queues, workers, schedules. Runs once per server, before it takes requests. */
  start?: (s: Services) => Promise<void> | void;
  /** Shutdown work, after the server stopped taking requests and before the database closes. */
  stop?: (s: Services) => Promise<void> | void;
};

export const defineModule = (m: ModuleDefinition): ModuleDefinition => m;

/** The modules this server runs, in the list's order. */
export const enabledModules = (s: Services, modules: readonly ModuleDefinition[]) => modules.filter((m) => m.enabled?.(s) ?? true);

/**
 * State that belongs to one running server (never a module-level variable, so two servers in
 * one process never share it): created on first use, keyed by the module and the name.
 */
export function serverState<T>(s: Services, key: string, create: () => T): T {
  if (!s.state.has(key)) s.state.set(key, create());
  return s.state.get(key) as T;
}
